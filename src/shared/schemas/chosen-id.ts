import { z } from 'zod';

/**
 * The id a browser chooses for what a write makes (a UUID, once per thing written): the same id
 * sent again (an answer lost on the way back, the write retried or queued offline) answers what
 * the first one made instead of making it twice (docs/decisions/0039).
 */
export const chosenIdSchema = z.uuid({ error: 'validation.invalid' }).optional();
