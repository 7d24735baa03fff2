/**
 * This device's time zone, and the member's answer when it differs from the saved one (ADR
 * 0033): sign-up and sign-in send the zone (saved where the member never chose one), and the
 * member shell offers to switch when the device is elsewhere, once per device zone.
 */
import { canonicalTimeZone } from '#shared/values/time.ts';

/** The device's IANA time zone in its canonical spelling, when the browser tells a valid one. */
export function deviceTimeZone(): string | null {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return null;
  }
}

/** Whether two names are the same zone (spelled alike once canonical: "US/Eastern"). */
export function sameTimeZone(a: string, b: string): boolean {
  return (canonicalTimeZone(a) ?? a) === (canonicalTimeZone(b) ?? b);
}

const KEPT_KEY = 'camino:time-zone-kept';
/** Answers remembered on this device (member, saved zone, device zone); the oldest go first. */
const KEPT_LIMIT = 20;

const keptEntry = (userId: string, saved: string, device: string) => `${userId} ${saved} ${device}`;

function readKept(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEPT_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The member said to keep `saved` while this device is in `device`: not asked again. */
export function rememberKept(userId: string, saved: string, device: string): void {
  const entry = keptEntry(userId, saved, device);
  const kept = [...readKept().filter((e) => e !== entry), entry].slice(-KEPT_LIMIT);
  try {
    localStorage.setItem(KEPT_KEY, JSON.stringify(kept));
  } catch {
    // storage full or off: the offer may show again next time
  }
}

/**
 * The device's zone to offer the member, or null: when the device says a zone, it is not the
 * saved one, and the member has not already kept the saved one while on this device's zone.
 */
export function zoneToOffer(member: { id: string; preferences: { timeZone: string } }) {
  const device = deviceTimeZone();
  const saved = member.preferences.timeZone;
  if (!device || sameTimeZone(device, saved)) return null;
  if (readKept().includes(keptEntry(member.id, saved, device))) return null;
  return device;
}

/**
 * Places of zone ids whose Spanish name is not the id's own words (Intl names zones, not their
 * cities): the Americas and Spain first, where our members live, and a few cities people travel
 * to. Elsewhere the id's last part is the place ("America/Argentina/Buenos_Aires" → "Buenos Aires").
 */
const SPANISH_PLACES: Readonly<Record<string, string>> = {
  'America/Mexico_City': 'Ciudad de México',
  'America/Mazatlan': 'Mazatlán',
  'America/Merida': 'Mérida',
  'America/Cancun': 'Cancún',
  'America/Bahia_Banderas': 'Bahía de Banderas',
  'America/New_York': 'Nueva York',
  'America/Los_Angeles': 'Los Ángeles',
  'America/Bogota': 'Bogotá',
  'America/Panama': 'Panamá',
  'America/Havana': 'La Habana',
  'America/Asuncion': 'Asunción',
  'America/Sao_Paulo': 'São Paulo',
  'Atlantic/Canary': 'Canarias',
  'Europe/London': 'Londres',
  'Europe/Paris': 'París',
  'Europe/Berlin': 'Berlín',
  'Europe/Rome': 'Roma',
  'Europe/Lisbon': 'Lisboa',
  'Asia/Tokyo': 'Tokio',
};

/** A zone's place as people say it: "Ciudad de México", "Mexico City", "UTC". */
export function zonePlace(zone: string, language: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const own = zone.split('/').pop() ?? zone;
  return (language === 'es' ? SPANISH_PLACES[zone] : undefined) ?? own.replaceAll('_', ' ');
}

/**
 * A zone as a member reads it, in their language: its place and the time it keeps, "Ciudad de
 * México (hora estándar central)", "Tokyo (Japan Standard Time)"; the id itself never shows.
 */
export function zoneLabel(zone: string, language: string, at = new Date()): string {
  const place = zonePlace(zone, language);
  if (place === 'UTC') return place;
  try {
    const name = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    return name ? `${place} (${name})` : place;
  } catch {
    return place; // a zone this browser does not know
  }
}
