// A list send's template (issue 40): `{{variable}}` and `{{variable|default}}`, nothing else.
// Written here rather than taken from mustache/handlebars: those HTML-escape by default (wrong for
// SMS), call function values and add sections and partials a text needs none of, and have no
// `|default`; this one construct is parsed once per send and rendered by concatenation, no code run.

/** A template's pieces: literal text, or a variable with its default. */
type Piece = string | { variable: string; fallback?: string };

export interface ParsedTemplate {
  pieces: Piece[];
  variables: string[];
}

/** `{{ name }}` or `{{ name | default }}`: a name of letters, digits, `_` or `-`; the default is any text but `}`. */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_-]+)\s*(?:\|([^}]*))?\}\}/g;

/** Splits a template once; anything that is not a whole placeholder (a lone `{{`) stays literal text. */
export function parseTemplate(template: string): ParsedTemplate {
  const pieces: Piece[] = [];
  const variables = new Set<string>();
  let at = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (match.index > at) pieces.push(template.slice(at, match.index));
    const variable = match[1]!.toLowerCase();
    variables.add(variable);
    pieces.push(match[2] === undefined ? { variable } : { variable, fallback: match[2].trim() });
    at = match.index + match[0].length;
  }
  if (at < template.length) pieces.push(template.slice(at));
  return { pieces, variables: [...variables] };
}

/** What a template reads of one recipient: `name`, `phone`, `tags` and its imported columns. */
export function templateValues(recipient: { name: string; phone: string; tags: string[]; fields: Record<string, string> }): Record<string, string> {
  return { ...recipient.fields, name: recipient.name, phone: recipient.phone, tags: recipient.tags.join(', ') };
}

/**
 * The text for one recipient, or the first variable it has no value for (absent or empty) and no
 * default. Values are inserted as they are: a value holding `{{x}}` is not read again.
 */
export function renderTemplate(parsed: ParsedTemplate, values: Record<string, string>): { text: string } | { missing: string } {
  const out: string[] = [];
  for (const piece of parsed.pieces) {
    if (typeof piece === 'string') {
      out.push(piece);
      continue;
    }
    const value = Object.hasOwn(values, piece.variable) ? (values[piece.variable] ?? '') : '';
    if (value !== '') out.push(value);
    else if (piece.fallback !== undefined) out.push(piece.fallback);
    else return { missing: piece.variable };
  }
  return { text: out.join('') };
}
