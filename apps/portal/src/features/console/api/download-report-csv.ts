import { useMutation } from '@tanstack/react-query';
import type { ReportQuery } from '@reelcast/protocol';
import { apiUrl } from '@/shared/api/api-client';
import { ApiError, NetworkError } from '@/shared/api/api-error';
import { getAccessToken } from '@/shared/session/token-storage';
import { reportSearch } from './get-report';

const PATH = '/api/console/reports.csv';

/**
 * GET /api/console/reports.csv, saved by the browser under the name the answer's Content-Disposition
 * gives: fetched with the Bearer token (a plain link could not carry it), then handed over as a file.
 */
export async function downloadReportCsv(query: ReportQuery): Promise<string> {
  const token = getAccessToken();
  let response: Response;
  try {
    response = await fetch(apiUrl(`${PATH}?${reportSearch(query)}`), {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (cause) {
    throw new NetworkError('GET', PATH, { cause });
  }
  if (!response.ok) throw await ApiError.from(response, 'GET', PATH);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'reelcast-report.csv';
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}

/** A refusal goes to the portal's one error path, as every mutation's does. */
export const useDownloadReportCsv = () => useMutation({ mutationFn: downloadReportCsv });
