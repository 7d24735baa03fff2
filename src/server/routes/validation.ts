import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { translate, translateValidation } from '../i18n/translate.ts';

export interface FieldError {
  path: string;
  message: string;
}

export function fieldErrors(request: FastifyRequest, issues: z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({
    path: issue.path.join('.'),
    message: translateValidation(request.lang, issue.message),
  }));
}

/** 400 with a translated summary and one translated message per field. */
export function validationError(request: FastifyRequest, reply: FastifyReply, error: z.ZodError) {
  const errors = fieldErrors(request, error.issues);
  return reply.status(400).send({
    code: 'VALIDATION',
    message: translate(request.lang, 'errors.validation'),
    errors,
  });
}
