/**
 * GETs started before the code that reads them has arrived (docs/decisions/0032): boot.ts asks
 * for the session at once, and for the opened page's data as soon as the session answers, while
 * the app downloads. The next fetch of that URL by the app takes the answer, once, if it was
 * asked in the same language; no query option changes (staleness, retries, invalidation). Part
 * of the entry chunk: keep it free of imports.
 */
const started = new Map<string, { response: Promise<Response>; language?: string; at: number }>();
/** An early answer older than this is not used: the app asks again. */
const EARLY_ANSWER_MS = 10_000;

/**
 * Starts a GET of `url` (in `language`, if its answer depends on it). `onAnswer` sees a copy of
 * the answer before the app takes it.
 */
export function getEarly(url: string, language?: string, onAnswer?: (answer: Response) => void) {
  const response = fetch(url, {
    credentials: 'include',
    headers: language ? { 'Accept-Language': language } : {},
  });
  // A failure belongs to the request that takes the answer (or to nobody if none does).
  response.then((answer) => onAnswer?.(answer.clone())).catch(() => undefined);
  started.set(url, { response, language, at: Date.now() });
}

/** The answer to a GET of `url` started early, if there is a fresh one in `language`; once. */
export function takeEarly(url: string, language?: string): Promise<Response> | undefined {
  const answer = started.get(url);
  started.delete(url);
  if (!answer || Date.now() - answer.at >= EARLY_ANSWER_MS) return undefined;
  return answer.language === undefined || answer.language === language
    ? answer.response
    : undefined;
}
