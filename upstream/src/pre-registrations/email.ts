/**
 * The invitation email of a pre-registration, in the visitor's language (its locale; en_AU and
 * en_US read en_GB's words): the group's subject and message (pre-reg tab) when set, else ours,
 * then the visit and its magic links. Plain text: nothing the visitor or a user typed is markup.
 */
export interface EmailWords {
  subject: string;
  hello: string;
  expected: string;
  form: string;
  change: string;
}

/** `{name}`, `{site}`, `{when}` are filled in. */
export const EMAIL_WORDS: Record<string, EmailWords> = {
  en_GB: { subject: "Your visit to {site}", hello: "Hello {name},", expected: "You are expected at {site} on {when}.", form: "Please complete your details before you arrive:", change: "To change the time or cancel your visit:" },
  ca: { subject: "La vostra visita a {site}", hello: "Hola {name},", expected: "Us esperem a {site} el {when}.", form: "Completeu les vostres dades abans d'arribar:", change: "Per canviar l'hora o cancel·lar la visita:" },
  da: { subject: "Dit besøg hos {site}", hello: "Hej {name},", expected: "Du er ventet hos {site} den {when}.", form: "Udfyld venligst dine oplysninger, før du ankommer:", change: "Sådan ændrer du tidspunktet eller aflyser dit besøg:" },
  de: { subject: "Ihr Besuch bei {site}", hello: "Hallo {name},", expected: "Sie werden am {when} bei {site} erwartet.", form: "Bitte ergänzen Sie Ihre Angaben vor Ihrer Ankunft:", change: "Um die Uhrzeit zu ändern oder Ihren Besuch abzusagen:" },
  es: { subject: "Su visita a {site}", hello: "Hola {name}:", expected: "Le esperamos en {site} el {when}.", form: "Complete sus datos antes de llegar:", change: "Para cambiar la hora o cancelar su visita:" },
  fr: { subject: "Votre visite à {site}", hello: "Bonjour {name},", expected: "Vous êtes attendu(e) à {site} le {when}.", form: "Veuillez compléter vos informations avant votre arrivée :", change: "Pour changer l'heure ou annuler votre visite :" },
  hr: { subject: "Vaš posjet: {site}", hello: "Pozdrav {name},", expected: "Očekujemo vas na lokaciji {site} {when}.", form: "Molimo ispunite svoje podatke prije dolaska:", change: "Za promjenu vremena ili otkazivanje posjeta:" },
  it: { subject: "La sua visita a {site}", hello: "Salve {name},", expected: "La aspettiamo presso {site} il {when}.", form: "Completi i suoi dati prima dell'arrivo:", change: "Per cambiare l'orario o annullare la visita:" },
  ja: { subject: "{site}へのご訪問", hello: "{name} 様", expected: "{when}に{site}でお待ちしております。", form: "ご到着前に詳細をご入力ください:", change: "時間の変更またはキャンセルはこちら:" },
  nl: { subject: "Uw bezoek aan {site}", hello: "Hallo {name},", expected: "U wordt op {when} verwacht bij {site}.", form: "Vul uw gegevens in voordat u aankomt:", change: "Om de tijd te wijzigen of uw bezoek te annuleren:" },
  pl: { subject: "Twoja wizyta w {site}", hello: "Dzień dobry {name},", expected: "Oczekujemy Cię w {site} dnia {when}.", form: "Uzupełnij swoje dane przed przyjazdem:", change: "Aby zmienić godzinę lub odwołać wizytę:" },
  pt: { subject: "A sua visita a {site}", hello: "Olá {name},", expected: "É esperado(a) em {site} em {when}.", form: "Preencha os seus dados antes de chegar:", change: "Para alterar a hora ou cancelar a visita:" },
  ru: { subject: "Ваш визит в {site}", hello: "Здравствуйте, {name}!", expected: "Вас ожидают в {site} {when}.", form: "Пожалуйста, заполните свои данные до прибытия:", change: "Чтобы изменить время или отменить визит:" },
  sv: { subject: "Ditt besök hos {site}", hello: "Hej {name},", expected: "Du är välkommen till {site} den {when}.", form: "Fyll i dina uppgifter innan du kommer:", change: "För att ändra tiden eller avboka ditt besök:" },
  tr: { subject: "{site} ziyaretiniz", hello: "Merhaba {name},", expected: "{when} tarihinde {site} konumunda bekleniyorsunuz.", form: "Lütfen gelmeden önce bilgilerinizi tamamlayın:", change: "Saati değiştirmek veya ziyaretinizi iptal etmek için:" },
  uk: { subject: "Ваш візит до {site}", hello: "Вітаємо, {name}!", expected: "На вас чекають у {site} {when}.", form: "Будь ласка, заповніть свої дані до прибуття:", change: "Щоб змінити час або скасувати візит:" },
  zh_HK: { subject: "您到訪{site}", hello: "{name} 您好:", expected: "我們將於{when}在{site}恭候您。", form: "請在到達前填寫您的資料:", change: "如需更改時間或取消到訪:" },
};

/** The locale's words (en_AU, en_US and anything unknown: en_GB). */
export const wordsFor = (locale: string): EmailWords => EMAIL_WORDS[locale] ?? EMAIL_WORDS.en_GB;

const fill = (s: string, v: Record<string, string>) => s.replace(/\{(\w+)\}/g, (_, k: string) => v[k] ?? "");

/** BCP 47 for Intl ("en_GB" → "en-GB"). */
const tag = (locale: string) => locale.replace("_", "-");

export function formatArrival(at: Date, locale: string, timezone: string): string {
  try {
    return new Intl.DateTimeFormat(tag(locale), { dateStyle: "full", timeStyle: "short", timeZone: timezone }).format(at);
  } catch {
    return at.toISOString();
  }
}

export interface InvitationInput {
  locale: string;
  name: string;
  site: string;
  timezone: string;
  arriveAt: Date;
  /** The group's pre-reg tab settings. */
  subject: string | null;
  message: string | null;
  formLink: string | null;
  changeLink: string;
}

export function invitationEmail(i: InvitationInput): { subject: string; body: string } {
  const w = wordsFor(i.locale);
  const values = { name: i.name, site: i.site, when: formatArrival(i.arriveAt, i.locale, i.timezone) };
  const subject = (i.subject?.trim() ? fill(i.subject, values) : fill(w.subject, values)).replace(/[\r\n\t]+/g, " ");
  const parts = [fill(w.hello, values), "", fill(w.expected, values)];
  if (i.message?.trim()) parts.push("", fill(i.message.trim(), values));
  if (i.formLink) parts.push("", w.form, i.formLink);
  parts.push("", w.change, i.changeLink, "");
  return { subject, body: parts.join("\n") };
}
