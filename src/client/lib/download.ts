import { apiRequest } from './queryClient.ts';

/** Downloads an API attachment (e.g. a Markdown export) under the server's file name. */
export async function downloadAttachment(url: string, fallbackName: string): Promise<void> {
  const res = await apiRequest('GET', url);
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(await res.blob(), name);
}

/** Saves data made in the page (recovery codes…) as a file, under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
