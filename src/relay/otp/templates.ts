// Every OTP text, per locale, in one place. {code}, {brand} (the account's name), {purpose} and
// {minutes} are filled in; the code comes first so phones can offer it from the notification.

export const otpLocales = ['en', 'ar', 'fr', 'es', 'de'] as const;
export type OtpLocale = (typeof otpLocales)[number];

export const otpPurposes = ['login', 'signup', 'password_reset', 'transaction', 'verification'] as const;
export type OtpPurpose = (typeof otpPurposes)[number];

interface Template {
  text: string;
  purposes: Record<OtpPurpose, string>;
}

const templates: Record<OtpLocale, Template> = {
  en: {
    text: '{code} is your {brand} {purpose} code. It expires in {minutes} min. Never share it.',
    purposes: { login: 'login', signup: 'sign-up', password_reset: 'password reset', transaction: 'transaction', verification: 'verification' },
  },
  ar: {
    text: '{code} هو رمز {purpose} الخاص بك من {brand}. تنتهي صلاحيته خلال {minutes} دقيقة. لا تشاركه مع أحد.',
    purposes: {
      login: 'تسجيل الدخول',
      signup: 'التسجيل',
      password_reset: 'إعادة تعيين كلمة المرور',
      transaction: 'تأكيد العملية',
      verification: 'التحقق',
    },
  },
  fr: {
    text: '{code} est votre code {purpose} {brand}. Il expire dans {minutes} min. Ne le partagez jamais.',
    purposes: {
      login: 'de connexion',
      signup: "d'inscription",
      password_reset: 'de réinitialisation du mot de passe',
      transaction: 'de validation de transaction',
      verification: 'de vérification',
    },
  },
  es: {
    text: '{code} es tu código {purpose} de {brand}. Caduca en {minutes} min. No lo compartas con nadie.',
    purposes: {
      login: 'de inicio de sesión',
      signup: 'de registro',
      password_reset: 'para restablecer la contraseña',
      transaction: 'de confirmación de la operación',
      verification: 'de verificación',
    },
  },
  de: {
    text: '{code} ist Ihr {purpose} für {brand}. Gültig für {minutes} Min. Geben Sie ihn nicht weiter.',
    purposes: {
      login: 'Anmeldecode',
      signup: 'Registrierungscode',
      password_reset: 'Code zum Zurücksetzen des Passworts',
      transaction: 'Transaktionscode',
      verification: 'Bestätigungscode',
    },
  },
};

export function otpText(input: { locale: OtpLocale; purpose: OtpPurpose; code: string; brand: string; expirySeconds: number }) {
  const template = templates[input.locale];
  const values: Record<string, string> = {
    code: input.code,
    brand: input.brand,
    purpose: template.purposes[input.purpose],
    minutes: String(Math.ceil(input.expirySeconds / 60)),
  };
  return template.text.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
}
