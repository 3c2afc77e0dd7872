// The shopper's invoice and credit notes (docs/gst.md#downloads): the API answers the PDF only with the bearer
// token, so the file is fetched here and handed to the browser under the document's own name.
import { ApiError } from '../../lib/api';
import { authHooks } from '../../lib/auth-hooks';

/** The file name the API gives a document: its number with '/' as '-'. */
export const documentFileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;

async function fetchPdf(path: string): Promise<Response> {
  const token = authHooks()?.accessToken() ?? null;
  return fetch(`/api/v1${path}`, {
    headers: { accept: 'application/pdf', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** Fetches a PDF (one refresh after a 401, as api() does) and saves it as `fileName`. */
export async function downloadPdf(path: string, fileName: string): Promise<void> {
  const sent = authHooks()?.accessToken() ?? null;
  let res = await fetchPdf(path);
  const auth = authHooks();
  if (res.status === 401 && auth && (await auth.refresh(sent))) res = await fetchPdf(path);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiError(res.status, typeof body?.message === 'string' ? body.message : 'The download failed.');
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the object URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
