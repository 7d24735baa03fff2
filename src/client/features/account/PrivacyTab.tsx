import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/schemas/user.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { useDeleteAccount } from './api.ts';
import { DataExportCard } from './DataExportCard.tsx';
import { ToggleList } from './ToggleList.tsx';

export function PrivacyTab({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  return (
    <div className="grid gap-6">
      <Card>
        <h2 className="font-serif text-xl text-brand-950">{t('settings.privacy.title')}</h2>
        <ToggleList
          user={user}
          keys={['profileVisibility', 'activitySharing']}
          prefix="settings.privacy"
        />
      </Card>
      <DataExportCard />
      <Card className="border-red-200">
        <h2 className="font-serif text-xl text-red-800">{t('settings.privacy.deleteTitle')}</h2>
        <p className="mt-1 text-slate-700">{t('settings.privacy.deleteBody')}</p>
        <Button variant="danger" className="mt-4" onClick={() => setConfirming(true)}>
          {t('settings.privacy.deleteButton')}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => {
            setConfirming(open);
            if (!open) setPassword('');
          }}
          title={t('settings.privacy.deleteConfirmTitle')}
          description={t('settings.privacy.deleteConfirmBody')}
          confirmLabel={t('settings.privacy.deleteConfirm')}
          pending={remove.isPending || password.length === 0}
          onConfirm={() => remove.mutate(password)}
        >
          <Field
            label={t('auth.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </ConfirmDialog>
      </Card>
    </div>
  );
}
