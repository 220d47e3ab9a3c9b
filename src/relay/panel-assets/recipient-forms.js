// The recipients page's forms (recipients.js, list-send.js): a form's state with the server's
// errors beside their fields, a labelled field, the form's own error.
import { clearError } from '/panel/assets/panel.js';
import { FieldError, fieldProps, html, useFieldErrors, useState } from '/panel/assets/ui.js';

/**
 * A form's state: its values, the server's error beside the field its `param` names (the panel's
 * `useFieldErrors`), else on top of the form, and what it last did.
 */
export function useForm(initial, prefix) {
  const [values, setValues] = useState(initial);
  const fields = useFieldErrors(Object.keys(initial));
  const [formError, setFormError] = useState('');
  const [done, setDone] = useState('');
  return {
    values,
    errors: fields.errors,
    formError,
    done,
    prefix,
    set: (name) => (event) => setValues({ ...values, [name]: event.currentTarget.value }),
    reset: () => setValues(initial),
    async run(work) {
      fields.clear();
      setFormError('');
      setDone('');
      try {
        setDone(await work());
        clearError();
        return true;
      } catch (error) {
        if (!error.code) throw error;
        if (!fields.show(error)) setFormError(error.message);
        return false;
      }
    },
  };
}

/** A labelled input (or the control given as children, with the same id) and its error. */
export function Field({ form, name, label, children, ...input }) {
  const id = `${form.prefix}-${name}`;
  const error = form.errors[name];
  return html`<div class="field">
    <label for=${id}>${label}</label>
    ${children ?? html`<input name=${name} value=${form.values[name]} onInput=${form.set(name)} ...${fieldProps(id, error)} ...${input} />`}
    <${FieldError} id=${id} error=${error} />
  </div>`;
}

export function FormError({ form }) {
  return form.formError ? html`<p class="error" role="alert">${form.formError}</p>` : null;
}

