import { describe, expect, it } from 'vitest';
import { zoneLabel, zonePlace } from '#client/lib/time-zone.ts';

const generic = (zone: string, language: string) =>
  new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')!.value;

describe('a time zone as a member reads it', () => {
  it('names the place in the member’s language, never the id', () => {
    expect(zonePlace('America/Mexico_City', 'es')).toBe('Ciudad de México');
    expect(zonePlace('America/Mexico_City', 'en')).toBe('Mexico City');
    expect(zonePlace('America/Argentina/Buenos_Aires', 'es')).toBe('Buenos Aires');
    expect(zonePlace('America/Bogota', 'es')).toBe('Bogotá');
    expect(zonePlace('Etc/UTC', 'es')).toBe('UTC');
  });

  it('adds the time the zone keeps, as the browser names it in that language', () => {
    expect(zoneLabel('America/Mexico_City', 'es')).toBe(
      `Ciudad de México (${generic('America/Mexico_City', 'es')})`,
    );
    expect(zoneLabel('Asia/Tokyo', 'en')).toBe(`Tokyo (${generic('Asia/Tokyo', 'en')})`);
    expect(zoneLabel('UTC', 'en')).toBe('UTC');
    expect(zoneLabel('Not/A_Zone', 'en')).toBe('A Zone');
  });
});
