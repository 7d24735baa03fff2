import FileDown from 'lucide-react/icons/file-down';
import FileUp from 'lucide-react/icons/file-up';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { useLanguage } from '../../lib/language.tsx';
import { packNames } from './format.ts';
import type { PackIndex } from './pack.ts';
import { usePackFile } from './usePackDownload.ts';

/**
 * "Pass it on" (issue 40): the download saved as one file, and a file from another phone opened
 * here, with no network, checked whole before anything is installed.
 */
export function PassItOn({ index, disabled }: { index: PackIndex | null; disabled?: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { file, exportFile, importFile } = usePackFile();
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const checking = file.kind === 'checking';
  return (
    <section aria-labelledby={headingId} className="grid gap-2 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('offlinePack.file.title')}
      </h3>
      <p className="text-sm text-slate-700">{t('offlinePack.file.body')}</p>
      {index?.courses?.some((c) => c.premium) ? (
        <p className="text-sm text-slate-600">{t('offlinePack.file.premiumStays')}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {index ? (
          <Button
            variant="outline"
            size="sm"
            disabled={disabled || checking}
            onClick={() => void exportFile(index)}
          >
            <FileDown className="size-4" aria-hidden /> {t('offlinePack.file.export')}
          </Button>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || checking}
          onClick={() => input.current?.click()}
        >
          <FileUp className="size-4" aria-hidden /> {t('offlinePack.file.import')}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".caminopack,application/octet-stream"
          // Opened by the button above (a file picker of the system's own).
          hidden
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (!chosen) return;
            void importFile(chosen).then((installed) => {
              if (!installed) return;
              toast({
                title: t('offlinePack.file.imported'),
                description: t(
                  installed.courses?.length
                    ? 'offlinePack.doneBodyCourses'
                    : 'offlinePack.doneBody',
                  { names: packNames(installed, language) },
                ),
              });
            });
          }}
        />
      </div>
      {checking ? (
        <p role="status" className="text-sm text-slate-600">
          {t('offlinePack.file.checking', { done: file.done, total: file.total })}
        </p>
      ) : file.kind === 'failed' ? (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {t(`offlinePack.file.errors.${file.reason}`)}
        </p>
      ) : null}
    </section>
  );
}
