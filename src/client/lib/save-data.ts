/**
 * "Save data" (issue 40): the member's choice on this device (Settings › Preferences), or the
 * browser's data saver (`navigator.connection.saveData`, what sends `Save-Data: on`). While on,
 * nothing is fetched ahead of need (the code of dialogs not opened yet) and a downloaded Bible is
 * not updated by itself: the member is asked first.
 */
import {
  SAVE_DATA_COOKIE,
  readDeviceCookie,
  writeDeviceCookie,
} from '#delivery/app/device-cookies.ts';

interface NetworkInformation {
  saveData?: boolean;
  type?: string;
}

const connection = () =>
  typeof navigator === 'undefined'
    ? undefined
    : (navigator as Navigator & { connection?: NetworkInformation }).connection;

/**
 * The member turned "Save data" on, on this device: a cookie, so that the server draws
 * Preferences with the switch as it is (src/delivery/app/device-cookies.ts).
 */
export function saveDataChosen(): boolean {
  return readDeviceCookie(SAVE_DATA_COOKIE) === '1';
}

export function chooseSaveData(on: boolean): void {
  writeDeviceCookie(SAVE_DATA_COOKIE, on ? '1' : '0');
}

/** Whether to save data now: the member's choice, the browser's saver, or mobile data. */
export function savingData(): boolean {
  const c = connection();
  return saveDataChosen() || c?.saveData === true || c?.type === 'cellular';
}
