import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';

// Parts are counted by the SDK's counter (the panel's list-send box counts with it as one types).
import { countSegments, type SegmentCount } from '@yarrow/sdk/segments';

export { countSegments, type SegmentCount };

/** An E.164 number as people read it (`+1 415 555 2671`); what does not parse stays as it is. */
export function displayNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * `value` in E.164 when the whole of it is a valid number in international form (`+` or `00`),
 * else null. Not libphonenumber's default "extract" mode, which finds a number inside any text
 * (`<b>+14155550123</b>`): a sender or recipient is a number, not text that holds one.
 */
export function e164Number(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value.trim().replace(/^00/, '+'), { extract: false });
  return parsed?.isValid() ? (parsed.number as string) : null;
}

/** A phone number in international format, normalised to E.164; anything else is refused. */
export const phoneNumber = z.string().trim().min(1).max(40).meta({ examples: ['+14155550123'] }).transform((value, ctx) => {
  const number = e164Number(value);
  if (!number) {
    ctx.addIssue({ code: 'custom', message: 'not a valid phone number in international format (e.g. +14155550123)' });
    return z.NEVER;
  }
  return number;
});

/** A UTF-16 surrogate without its partner: no phone can encode it, it is not text. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The most SMS parts one text may take: 1,530 GSM-7 septets or 670 UCS-2 units (an emoji is two).
 * Twilio's limit too; many carriers drop or split longer concatenated messages, and each part is
 * billed, so a longer text is refused rather than sent as dozens of parts.
 */
export const MAX_SEGMENTS = 10;

/**
 * An SMS text: 1 to 1600 characters and at most `MAX_SEGMENTS` parts, with something to read (not
 * only spaces) and well-formed Unicode (no lone surrogate).
 */
export const messageText = z
  .string()
  .min(1)
  .refine((text) => [...text].length <= 1600, 'at most 1600 characters')
  .refine((text) => text.trim() !== '', 'must contain more than spaces')
  .refine((text) => !loneSurrogate.test(text), 'must be valid Unicode text (it has a lone UTF-16 surrogate)')
  .superRefine((text, ctx) => {
    const { encoding, units, segments } = countSegments(text);
    if (segments <= MAX_SEGMENTS) return;
    const [most, unit] = encoding === 'gsm7' ? [153 * MAX_SEGMENTS, 'GSM-7 characters'] : [67 * MAX_SEGMENTS, 'UCS-2 units'];
    const note = encoding === 'gsm7' ? '' : ', an emoji takes two';
    ctx.addIssue({ code: 'custom', message: `at most ${MAX_SEGMENTS} SMS parts (${most} ${unit}${note}); this text takes ${units} ${unit}, ${segments} parts` });
  })
  .meta({ examples: ['Your order #1042 has shipped.'] });
