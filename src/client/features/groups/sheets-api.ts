/**
 * A group's study sheets (hojas de estudio): the list every member reads, and the leaders'
 * writes (create, edit, a new link, delete). Each write goes through `useGroupWrite` (its toast,
 * and every groups query fetched again, the sheets' list included); the list in the cache is
 * changed at once with the server's answer, so the panel shows it before that refetch ends.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateSheetInput, Sheet, SheetList, UpdateSheetInput } from '#shared/sheets.ts';
import { ApiError, apiRequest } from '../../lib/queryClient.ts';
import { readJson, useGroupWrite } from './queries.ts';

const sheetsUrl = (groupId: string) => `/api/groups/${groupId}/sheets`;
const sheetUrl = (groupId: string, sheetId: string) => `${sheetsUrl(groupId)}/${sheetId}`;

/** The list's key: its URL (the default loader fetches it; `invalidateGroups` matches it). */
export const sheetsKey = (groupId: string) => [sheetsUrl(groupId)] as const;

/** The group's sheets, newest updated first, and whether the reader may edit them. */
export const useSheets = (groupId: string) =>
  useQuery<SheetList>({ queryKey: sheetsKey(groupId), staleTime: 0 });

/** The cached list with `sheet` in it: replaced where it was, or first (the newest updated). */
function putSheet(queryClient: QueryClient, groupId: string, sheet: Sheet) {
  queryClient.setQueryData<SheetList>(sheetsKey(groupId), (list) =>
    list ? { ...list, items: [sheet, ...list.items.filter((s) => s.id !== sheet.id)] } : list,
  );
}

function dropSheet(queryClient: QueryClient, groupId: string, sheetId: string) {
  queryClient.setQueryData<SheetList>(sheetsKey(groupId), (list) =>
    list ? { ...list, items: list.items.filter((s) => s.id !== sheetId) } : list,
  );
}

interface SaveOptions {
  onSuccess?: (sheet: Sheet) => void;
  /** Shows the refusal in the editor instead of a toast (return true). */
  onError?: (error: unknown) => boolean;
}

/** A new sheet; `input.id` is chosen once per sheet by the editor, so a retry makes one. */
export function useCreateSheet(groupId: string, { onSuccess, onError }: SaveOptions = {}) {
  const queryClient = useQueryClient();
  return useGroupWrite(
    (input: CreateSheetInput) =>
      readJson<Sheet>(apiRequest('POST', sheetsUrl(groupId), input, { idempotent: true })),
    {
      done: 'groups.sheets.saved',
      failed: 'groups.sheets.saveFailed',
      onSuccess: (sheet) => {
        putSheet(queryClient, groupId, sheet);
        onSuccess?.(sheet);
      },
      onError,
    },
  );
}

/** The whole sheet saved again from the editor. */
export function useUpdateSheet(
  groupId: string,
  sheetId: string,
  { onSuccess, onError }: SaveOptions = {},
) {
  const queryClient = useQueryClient();
  return useGroupWrite(
    (input: UpdateSheetInput) =>
      readJson<Sheet>(
        apiRequest('PUT', sheetUrl(groupId, sheetId), input, {
          idempotent: true,
        }),
      ),
    {
      done: 'groups.sheets.saved',
      failed: 'groups.sheets.saveFailed',
      onSuccess: (sheet) => {
        putSheet(queryClient, groupId, sheet);
        onSuccess?.(sheet);
      },
      onError,
    },
  );
}

/** A new link for the sheet: the old one stops opening it (not repeated: each makes another). */
export function useNewSheetLink(groupId: string, onSuccess?: (sheet: Sheet) => void) {
  const queryClient = useQueryClient();
  return useGroupWrite(
    (sheetId: string) => readJson<Sheet>(apiRequest('POST', `${sheetUrl(groupId, sheetId)}/link`)),
    {
      done: 'groups.sheets.newLinkDone',
      failed: 'groups.sheets.newLinkFailed',
      onSuccess: (sheet) => {
        putSheet(queryClient, groupId, sheet);
        onSuccess?.(sheet);
      },
    },
  );
}

export function useDeleteSheet(groupId: string, onSuccess?: (sheetId: string) => void) {
  const queryClient = useQueryClient();
  return useGroupWrite(
    async (sheetId: string) => {
      await apiRequest('DELETE', sheetUrl(groupId, sheetId));
      return sheetId;
    },
    {
      done: 'groups.sheets.deleted',
      failed: 'groups.sheets.deleteFailed',
      onSuccess: (sheetId) => {
        dropSheet(queryClient, groupId, sheetId);
        onSuccess?.(sheetId);
      },
    },
  );
}

/** A passage as the Bible API names it, for the editor's list. */
export interface FoundPassage {
  osis: string;
  reference: string;
}

/**
 * Looks a typed reference up ("Juan 10:1-18", "Ps 23") with the Bible API: the passage, or
 * null when it names no verse (404). Any other failure is thrown. Not the Bible feature's
 * `fetchPassage`: importing that feature would bring its strings (`bible`, `study`) into the
 * group page.
 */
export async function findPassage(reference: string): Promise<FoundPassage | null> {
  try {
    const res = await apiRequest('GET', `/api/bible/passage?ref=${encodeURIComponent(reference)}`);
    const { osis, reference: label } = (await res.json()) as FoundPassage;
    return { osis, reference: label };
  } catch (error) {
    // 404: no verse by that name; 400: too long to be a reference. Either way, no passage.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
