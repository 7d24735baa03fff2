import type { INSTALLED_TRANSLATIONS } from '#shared/values/bible.ts';

/**
 * Each bundled Bible text, its licence and its source (issue 39): what the data export says of
 * the Scripture it carries (a memory verse's text, a favorite), as the "About the Bible texts"
 * page (content/about/translations.*.md) says it to readers. The VBL's licence (CC BY-SA 4.0)
 * asks for its credit wherever its words go, a member's own copy of them included.
 */
export const BIBLE_TEXTS: readonly {
  code: (typeof INSTALLED_TRANSLATIONS)[number];
  name: string;
  license: string;
  credit: string | null;
  source: string;
}[] = [
  {
    code: 'KJV',
    name: 'King James Version',
    license: 'Public domain',
    credit: null,
    source: 'SWORD module engKJV2006eb (eBible.org), Debian package sword-text-kjv',
  },
  {
    code: 'WEB',
    name: 'World English Bible',
    license: 'Public domain ("World English Bible" is a trademark of eBible.org)',
    credit: null,
    source: 'SWORD module engWEB2015eb (eBible.org), Debian package sword-text-web',
  },
  {
    code: 'RV1909',
    name: 'Reina-Valera 1909',
    license: 'Public domain',
    credit: null,
    source: 'SWORD module spaRV1909eb (eBible.org), Debian package sword-text-sparv',
  },
  {
    code: 'VBL',
    name: 'Versión Biblia Libre',
    license: 'CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/)',
    credit:
      'Versión Biblia Libre (VBL) © 2018–2020 Jonathan Gallagher y Shelly Barrios de Avila. Text from eBible.org, converted; the Bible text was not changed.',
    source: 'eBible.org edition spavbl of 7 October 2025 (https://ebible.org/spavbl)',
  },
];
