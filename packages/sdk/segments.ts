// How many SMS parts a text takes, the way Yarrow counts them when it accepts a send: the same
// function runs on the server, in the panel's list-send box as one types, and in your code before
// you send (`import { countSegments } from '@yarrow/sdk/segments'`). No imports: it runs anywhere.

// GSM 03.38: the default alphabet (one septet each) and its extension table (escape + char: two).
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

export interface SegmentCount {
  /** `gsm7` or `ucs2`, as a message's `encoding`. */
  encoding: 'gsm7' | 'ucs2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  segments: number;
}

/**
 * How many SMS parts a text takes. GSM-7 fits 160 septets in one part and 153 per part of a
 * concatenated message (the rest is the UDH); anything outside GSM-7 goes as UCS-2, 70 / 67.
 */
export function countSegments(text: string): SegmentCount {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENDED.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'gsm7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
  const units = text.length; // UTF-16 code units, as UCS-2 (and UTF-16 on phones) counts them
  return { encoding: 'ucs2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

