-- A recipient's other fields (issue 40, personal list sends): the columns of the CSV it was
-- imported from besides name, phone and tags (`first_name`, `city`, …), as the header named them
-- (lowercased, spaces as `_`), each a non-empty string. A list send's `template` reads them
-- (`{{first_name}}`, src/relay/recipients/template.ts). Bounded at import: 50 columns, 1000
-- characters a value.
ALTER TABLE "recipients" ADD COLUMN "fields" JSONB NOT NULL DEFAULT '{}';
