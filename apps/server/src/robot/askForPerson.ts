import type { Language } from '@parley/languages';

/**
 * How a visitor asks for a person, in each of the product's 25 languages: a visitor who writes one
 * of these is handed to an agent at once, whatever the model would say. Phrases, not single common
 * words, where a word alone would also be a question ("customer service hours", "人工智能"). Checked
 * in every language, since the server does not always know the visitor's.
 */
export const ASK_FOR_PERSON: Record<Language, readonly string[]> = {
  zh: ['转人工', '人工客服', '真人客服', '找人工', '人工服务', '真人'],
  en: [
    'talk to a person',
    'speak to a person',
    'talk to a human',
    'speak to a human',
    'real person',
    'human agent',
    'agent',
    'operator',
    'representative',
  ],
  tw: ['轉人工', '人工客服', '真人客服', '找專人', '真人'],
  vi: ['nhân viên', 'người thật', 'nói chuyện với người', 'tư vấn viên'],
  id: ['bicara dengan manusia', 'bicara dengan orang', 'agen', 'operator', 'petugas'],
  ms: ['bercakap dengan manusia', 'bercakap dengan orang', 'ejen', 'orang sebenar'],
  ja: ['オペレーター', '担当者', '人間と話', '有人対応'],
  pt: ['atendente', 'falar com uma pessoa', 'falar com um humano', 'pessoa real'],
  hi: ['इंसान से बात', 'किसी व्यक्ति से बात', 'एजेंट', 'प्रतिनिधि'],
  es: ['hablar con una persona', 'hablar con un humano', 'agente', 'operador', 'persona real'],
  ko: ['상담원', '상담사', '사람과 대화', '직원 연결'],
  ru: ['оператор', 'живой человек', 'с человеком', 'консультант'],
  my: ['ဝန်ထမ်း', 'လူနဲ့ပြော', 'အေးဂျင့်'],
  km: ['ភ្នាក់ងារ', 'និយាយជាមួយមនុស្ស', 'បុគ្គលិក'],
  tl: ['makipag-usap sa tao', 'ahente', 'totoong tao'],
  lo: ['ພະນັກງານ', 'ລົມກັບຄົນ', 'ຕົວແທນ'],
  nl: ['medewerker', 'met een mens', 'echte persoon'],
  de: ['mitarbeiter', 'mit einem menschen', 'echte person', 'berater'],
  ar: ['موظف', 'التحدث مع شخص', 'إنسان حقيقي', 'وكيل'],
  bn: ['এজেন্ট', 'মানুষের সাথে কথা', 'কর্মী'],
  tr: ['temsilci', 'bir insanla', 'canlı destek', 'gerçek kişi'],
  fa: ['اپراتور', 'با یک انسان', 'پشتیبان', 'کارشناس'],
  it: ['operatore', 'parlare con una persona', 'persona reale'],
  pl: ['konsultant', 'z człowiekiem', 'prawdziwa osoba'],
  zu: ['ukukhuluma nomuntu', 'khuluma nomuntu', 'umuntu wangempela', 'i-ejenti'],
};

/** Scripts written without spaces between words: a phrase counts wherever it occurs. */
const UNSPACED: ReadonlySet<Language> = new Set(['zh', 'tw', 'ja', 'my', 'km', 'lo']);

/** Case folded the same way for every language: Turkish dotless ı as i (CANLI and canlı both match). */
const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/ı/g, 'i');

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One expression for every language: whole words where words are spaced, anywhere where not. */
const PATTERN = new RegExp(
  (Object.entries(ASK_FOR_PERSON) as [Language, readonly string[]][])
    .flatMap(([language, phrases]) =>
      phrases.map((phrase) =>
        UNSPACED.has(language)
          ? literal(normalise(phrase))
          : `(?<![\\p{L}\\p{M}\\p{N}])${literal(normalise(phrase))}(?![\\p{L}\\p{M}\\p{N}])`,
      ),
    )
    .join('|'),
  'u',
);

/** Whether the visitor's text asks for a person, in any of the 25 languages. */
export function asksForPerson(text: string): boolean {
  return PATTERN.test(normalise(text));
}
