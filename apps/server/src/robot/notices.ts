import type { Language } from '@parley/languages';

// What the language-model robot tells the visitor about its own answer, in each of the product's
// 25 languages: that the answer is cut short or was interrupted, that it will not do what was asked,
// and the way to a person. Added by the server under the model's words, so the visitor sees it
// whatever the model wrote.

export interface RobotNotices {
  /** Under an answer that stopped at its length limit (the model's or ours). */
  cut: string;
  /** Under an answer the model stopped giving partway (silence, a cut connection). */
  interrupted: string;
  /** Instead of an answer that would have shown the robot's instructions. */
  refused: string;
  /**
   * The way to a person: it names one of the language's phrases in askForPerson.ts, so the visitor
   * who writes it back is handed on (askForPerson.test.ts checks each language).
   */
  offer: string;
}

export const ROBOT_NOTICES: Record<Language, RobotNotices> = {
  zh: {
    cut: '此回答被截断，内容不完整。',
    interrupted: '此回答中途中断，内容可能不完整。',
    refused: '抱歉，我无法处理这个请求。我可以根据我们的帮助文章回答您的问题。',
    offer: '需要转人工客服吗？直接告诉我就行。',
  },
  en: {
    cut: 'This answer was cut short: it is incomplete.',
    interrupted: 'This answer was interrupted: it may be incomplete.',
    refused: 'Sorry, I cannot help with that request. I can answer questions from our help articles.',
    offer: 'Would you like to talk to a person? Just say so.',
  },
  tw: {
    cut: '此回答被截斷，內容不完整。',
    interrupted: '此回答中途中斷，內容可能不完整。',
    refused: '抱歉，我無法處理這個請求。我可以根據我們的說明文章回答您的問題。',
    offer: '需要轉人工客服嗎？直接告訴我就可以。',
  },
  vi: {
    cut: 'Câu trả lời này bị cắt ngắn: nội dung chưa đầy đủ.',
    interrupted: 'Câu trả lời này bị gián đoạn: nội dung có thể chưa đầy đủ.',
    refused:
      'Xin lỗi, tôi không thể giúp với yêu cầu này. Tôi có thể trả lời các câu hỏi dựa trên các bài viết hỗ trợ của chúng tôi.',
    offer: 'Bạn có muốn nói chuyện với người thật không? Cứ nói với tôi.',
  },
  id: {
    cut: 'Jawaban ini terpotong: isinya tidak lengkap.',
    interrupted: 'Jawaban ini terputus: isinya mungkin tidak lengkap.',
    refused:
      'Maaf, saya tidak dapat membantu permintaan itu. Saya dapat menjawab pertanyaan berdasarkan artikel bantuan kami.',
    offer: 'Apakah Anda ingin bicara dengan petugas? Katakan saja.',
  },
  ms: {
    cut: 'Jawapan ini terpotong: ia tidak lengkap.',
    interrupted: 'Jawapan ini terganggu: ia mungkin tidak lengkap.',
    refused:
      'Maaf, saya tidak dapat membantu dengan permintaan itu. Saya boleh menjawab soalan berdasarkan artikel bantuan kami.',
    offer: 'Adakah anda mahu bercakap dengan orang sebenar? Beritahu sahaja.',
  },
  ja: {
    cut: 'この回答は途中で切れており、不完全です。',
    interrupted: 'この回答は途中で中断されたため、不完全な可能性があります。',
    refused:
      '申し訳ありませんが、そのご依頼にはお応えできません。ヘルプ記事の内容についてのご質問にはお答えできます。',
    offer: '担当者とお話しになりますか？お気軽にお申し付けください。',
  },
  pt: {
    cut: 'Esta resposta foi cortada: está incompleta.',
    interrupted: 'Esta resposta foi interrompida: pode estar incompleta.',
    refused:
      'Desculpe, não posso ajudar com esse pedido. Posso responder a perguntas com base nos nossos artigos de ajuda.',
    offer: 'Quer falar com uma pessoa? É só dizer.',
  },
  hi: {
    cut: 'यह उत्तर बीच में कट गया: यह अधूरा है।',
    interrupted: 'यह उत्तर बीच में रुक गया: यह अधूरा हो सकता है।',
    refused: 'क्षमा करें, मैं इस अनुरोध में मदद नहीं कर सकता। मैं हमारे सहायता लेखों से जुड़े प्रश्नों के उत्तर दे सकता हूँ।',
    offer: 'क्या आप किसी व्यक्ति से बात करना चाहेंगे? बस कह दीजिए।',
  },
  es: {
    cut: 'Esta respuesta se cortó: está incompleta.',
    interrupted: 'Esta respuesta se interrumpió: puede estar incompleta.',
    refused:
      'Lo siento, no puedo ayudar con esa solicitud. Puedo responder preguntas a partir de nuestros artículos de ayuda.',
    offer: '¿Quiere hablar con una persona? Solo dígalo.',
  },
  ko: {
    cut: '이 답변은 중간에 잘려서 완전하지 않습니다.',
    interrupted: '이 답변은 중간에 중단되어 완전하지 않을 수 있습니다.',
    refused:
      '죄송하지만 그 요청은 도와드릴 수 없습니다. 도움말 문서에 관한 질문에는 답변해 드릴 수 있습니다.',
    offer: '상담원 연결을 원하세요? 말씀만 해 주세요.',
  },
  ru: {
    cut: 'Этот ответ оборвался: он неполный.',
    interrupted: 'Этот ответ был прерван: он может быть неполным.',
    refused:
      'К сожалению, с этим запросом я помочь не могу. Я могу ответить на вопросы по нашим справочным статьям.',
    offer: 'Хотите поговорить с человеком? Просто скажите.',
  },
  my: {
    cut: 'ဤအဖြေသည် ပြတ်တောက်သွားသဖြင့် မပြည့်စုံပါ။',
    interrupted: 'ဤအဖြေသည် ကြားတွင် ရပ်တန့်သွားသဖြင့် မပြည့်စုံနိုင်ပါ။',
    refused: 'စိတ်မရှိပါနှင့်၊ ထိုတောင်းဆိုချက်ကို ကူညီ၍ မရပါ။ ကျွန်ုပ်တို့၏ အကူအညီဆောင်းပါးများမှ မေးခွန်းများကို ဖြေပေးနိုင်ပါသည်။',
    offer: 'လူနဲ့ပြောချင်ပါသလား။ ပြောလိုက်ရုံပါပဲ။',
  },
  km: {
    cut: 'ចម្លើយនេះត្រូវបានកាត់ខ្លី៖ វាមិនពេញលេញទេ។',
    interrupted: 'ចម្លើយនេះត្រូវបានរំខាន៖ វាប្រហែលជាមិនពេញលេញទេ។',
    refused: 'សូមអភ័យទោស ខ្ញុំមិនអាចជួយលើសំណើនោះបានទេ។ ខ្ញុំអាចឆ្លើយសំណួរដោយផ្អែកលើអត្ថបទជំនួយរបស់យើង។',
    offer: 'តើអ្នកចង់និយាយជាមួយមនុស្សទេ? គ្រាន់តែប្រាប់មកបាន។',
  },
  tl: {
    cut: 'Naputol ang sagot na ito: hindi ito kumpleto.',
    interrupted: 'Naantala ang sagot na ito: maaaring hindi ito kumpleto.',
    refused:
      'Paumanhin, hindi ako makakatulong sa kahilingang iyan. Makakasagot ako ng mga tanong mula sa aming mga artikulo ng tulong.',
    offer: 'Gusto mo bang makipag-usap sa tao? Sabihin mo lang.',
  },
  lo: {
    cut: 'ຄຳຕອບນີ້ຖືກຕັດສັ້ນ: ມັນບໍ່ຄົບຖ້ວນ.',
    interrupted: 'ຄຳຕອບນີ້ຖືກຂັດຈັງຫວະ: ມັນອາດຈະບໍ່ຄົບຖ້ວນ.',
    refused: 'ຂໍອະໄພ, ຂ້ອຍບໍ່ສາມາດຊ່ວຍຄຳຮ້ອງຂໍນັ້ນໄດ້. ຂ້ອຍສາມາດຕອບຄຳຖາມຈາກບົດຄວາມຊ່ວຍເຫຼືອຂອງພວກເຮົາໄດ້.',
    offer: 'ທ່ານຕ້ອງການລົມກັບພະນັກງານບໍ່? ບອກໄດ້ເລີຍ.',
  },
  nl: {
    cut: 'Dit antwoord is afgebroken: het is onvolledig.',
    interrupted: 'Dit antwoord werd onderbroken: het is mogelijk onvolledig.',
    refused: 'Sorry, daarmee kan ik niet helpen. Ik kan vragen beantwoorden over onze helpartikelen.',
    offer: 'Wilt u met een medewerker praten? Zeg het maar.',
  },
  de: {
    cut: 'Diese Antwort wurde abgeschnitten: Sie ist unvollständig.',
    interrupted: 'Diese Antwort wurde unterbrochen: Sie ist möglicherweise unvollständig.',
    refused:
      'Entschuldigung, bei dieser Anfrage kann ich nicht helfen. Fragen zu unseren Hilfeartikeln beantworte ich gern.',
    offer: 'Möchten Sie mit einem Menschen sprechen? Sagen Sie es einfach.',
  },
  ar: {
    cut: 'انقطعت هذه الإجابة: إنها غير مكتملة.',
    interrupted: 'توقفت هذه الإجابة قبل اكتمالها: قد تكون غير مكتملة.',
    refused: 'عذرًا، لا يمكنني المساعدة في هذا الطلب. يمكنني الإجابة عن الأسئلة من مقالات المساعدة لدينا.',
    offer: 'هل تريد التحدث مع شخص؟ فقط أخبرني بذلك.',
  },
  bn: {
    cut: 'এই উত্তরটি মাঝপথে কেটে গেছে: এটি অসম্পূর্ণ।',
    interrupted: 'এই উত্তরটি মাঝপথে থেমে গেছে: এটি অসম্পূর্ণ হতে পারে।',
    refused: 'দুঃখিত, আমি এই অনুরোধে সাহায্য করতে পারি না। আমি আমাদের সহায়তা নিবন্ধ থেকে প্রশ্নের উত্তর দিতে পারি।',
    offer: 'আপনি কি কোনো মানুষের সাথে কথা বলতে চান? শুধু বলুন।',
  },
  tr: {
    cut: 'Bu yanıt yarıda kesildi: eksik.',
    interrupted: 'Bu yanıt kesintiye uğradı: eksik olabilir.',
    refused: 'Üzgünüm, bu istekte yardımcı olamam. Yardım makalelerimizle ilgili soruları yanıtlayabilirim.',
    offer: 'Bir insanla görüşmek ister misiniz? Söylemeniz yeterli.',
  },
  fa: {
    cut: 'این پاسخ نیمه‌کاره قطع شد: کامل نیست.',
    interrupted: 'این پاسخ در میانه متوقف شد: ممکن است کامل نباشد.',
    refused:
      'متأسفم، در این درخواست نمی‌توانم کمک کنم. می‌توانم بر اساس مقاله‌های راهنمای ما به پرسش‌ها پاسخ دهم.',
    offer: 'می‌خواهید با یک انسان صحبت کنید؟ کافی است بگویید.',
  },
  it: {
    cut: 'Questa risposta è stata troncata: è incompleta.',
    interrupted: 'Questa risposta è stata interrotta: potrebbe essere incompleta.',
    refused:
      'Mi dispiace, non posso aiutare con questa richiesta. Posso rispondere a domande sui nostri articoli di assistenza.',
    offer: 'Vuole parlare con una persona? Basta dirlo.',
  },
  pl: {
    cut: 'Ta odpowiedź została ucięta: jest niepełna.',
    interrupted: 'Ta odpowiedź została przerwana: może być niepełna.',
    refused:
      'Przepraszam, w tej sprawie nie mogę pomóc. Mogę odpowiadać na pytania dotyczące naszych artykułów pomocy.',
    offer: 'Chcesz porozmawiać z człowiekiem? Po prostu napisz.',
  },
  zu: {
    cut: 'Le mpendulo inqanyuliwe: ayiphelele.',
    interrupted: 'Le mpendulo iphazamisekile: kungenzeka ingaphelele.',
    refused:
      'Uxolo, angikwazi ukusiza ngalesi sicelo. Ngingaphendula imibuzo evela ezihlokweni zethu zosizo.',
    offer: 'Ungathanda ukukhuluma nomuntu? Vele usho.',
  },
};

/** Codes some browsers still send for a product language, or name it by. */
const ALIASES: Record<string, Language> = { fil: 'tl', in: 'id' };

/**
 * The product language of a BCP 47 tag (the browser's, as the page sent it at the chat's start):
 * `de-AT` is `de`, `zh-TW` and `zh-Hant` are `tw`, `fil` is `tl`; undefined when it is none of the 25.
 *
 * @example
 * productLanguage('pt-BR') // 'pt'
 */
export function productLanguage(tag: string | null | undefined): Language | undefined {
  const parts = (tag ?? '').toLowerCase().split(/[-_]/);
  const primary = parts[0] ?? '';
  if (primary === 'zh') return parts.some((part) => ['tw', 'hk', 'mo', 'hant'].includes(part)) ? 'tw' : 'zh';
  const known = ALIASES[primary] ?? primary;
  return known in ROBOT_NOTICES ? (known as Language) : undefined;
}

/** The notices in the visitor's language, else the knowledge's, else English. */
export function noticesFor(visitorTag: string | null | undefined, knowledgeLanguage?: string): RobotNotices {
  return ROBOT_NOTICES[productLanguage(visitorTag) ?? productLanguage(knowledgeLanguage) ?? 'en'];
}
