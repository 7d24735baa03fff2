import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../components/ui/Switch.tsx';
import { chooseSaveData, saveDataChosen } from '../../lib/save-data.ts';

/** "Save data" for this device (lib/save-data.ts): a device cookie, so drawn as it is. */
export function SaveDataSwitch() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(saveDataChosen);
  return (
    <Switch
      label={t('offlinePack.saveData.label')}
      hint={t('offlinePack.saveData.hint')}
      checked={chosen}
      onChange={(on) => {
        chooseSaveData(on);
        setChosen(on);
      }}
    />
  );
}
