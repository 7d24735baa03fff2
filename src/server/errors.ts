/** An error that becomes an HTTP answer with a translated message (`key` from the locale files). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: string,
    readonly vars: Record<string, string | number> = {},
    readonly code?: string,
  ) {
    super(key);
    this.name = 'HttpError';
  }
}

export const notFound = () => new HttpError(404, 'errors.notFound');
export const forbidden = () => new HttpError(403, 'errors.forbidden');
export const unauthorized = () => new HttpError(401, 'errors.unauthorized');
