import { prepareScreenedWords, readStandIns } from './disguised-words.ts';
import { normaliseForScreening } from './screening-text.ts';

/*
 * A text staff write that a customer reads may not send them to a chat outside the platform
 * ("Contact support on Telegram @candor_help to release funds"): there nobody sees what is said,
 * anyone can pose as staff, and the classic scam (a "release fee", a "withdrawal code") is asked for
 * there. The platform reaches a customer in the app and by e-mail (docs/decisions/045, 2026-12-02).
 *
 * What is refused, read one sentence (and clause) at a time, as the payment-demand screen reads:
 * - a link to a chat: t.me/…, wa.me/…, chat.whatsapp.com, discord.gg/…, signal.me …;
 * - a chat app with an address after it: "Telegram @candor_help", "WhatsApp +44 7700 900123",
 *   "WeChat: candor_mgr";
 * - a customer told to get in touch there: "contact support on Telegram", "add our manager on
 *   WeChat", "join our Discord", "WhatsApp us", "chat with the desk on Signal";
 * - the chat named as staff's own: "our Telegram group", "Viber support", "support is on WhatsApp";
 * - direct messages asked for: "DM us", "send us a PM";
 * - a handle (@name) given as a contact: "Support: @candor_help".
 *
 * What stays honest: a warning or a denial ("We will never contact you on Telegram", "Beware of fake
 * WhatsApp groups", "Ignore anyone who messages you on Telegram"), a chat someone else used ("you
 * offered signals in a Telegram group"), an e-mail address ("support@example.com"), the customer's
 * own username ("@john_doe"), and every trading sense of "signal" (the signal plans Candor sells,
 * Signal Strength, a buy signal): Signal the app counts only when the text says so (an address, "the
 * Signal app", "on Signal" after a verb of getting in touch, ending the clause).
 */

/** The chat apps, each with the name the refusal gives. Signal is read apart (a trading word too). */
const MESSENGERS: ReadonlyArray<readonly [pattern: string, name: string]> = [
  ['telegram', 'Telegram'],
  ['whats[ -]?app', 'WhatsApp'],
  ['viber', 'Viber'],
  ['we[ -]?chat|weixin', 'WeChat'],
  ['skype', 'Skype'],
  ['discord', 'Discord'],
  ['threema', 'Threema'],
  ['snapchat', 'Snapchat'],
  ['kik', 'Kik'],
  ['(?:facebook|fb) messenger', 'Messenger'],
];
const MESSENGER = String.raw`\b(?:${MESSENGERS.map(([pattern]) => pattern).join('|')})\b`;

/** Links that open a chat, with the app they open. */
const LINKS: ReadonlyArray<readonly [pattern: string, name: string]> = [
  [String.raw`t\.me|telegram\.(?:me|dog)|tg:`, 'Telegram'],
  [String.raw`wa\.me|wa\.link|(?:api\.|chat\.|web\.)?whatsapp\.com|whatsapp:`, 'WhatsApp'],
  [String.raw`discord\.gg|discord(?:app)?\.com`, 'Discord'],
  [String.raw`signal\.(?:me|group|org)|sgnl:`, 'Signal'],
  [String.raw`(?:invite\.)?viber\.(?:com|click)|viber:`, 'Viber'],
  [String.raw`(?:join\.)?skype\.com|skype:`, 'Skype'],
  [String.raw`(?:weixin\.qq|u\.wechat|wechat)\.com|weixin:`, 'WeChat'],
  [String.raw`m\.me|ig\.me`, 'Messenger'],
];
const LINK = String.raw`(?<![\w.@-])(?:https?://)?(?:www\.)?(?:${LINKS.map(([pattern]) => pattern).join('|')})`;

/** A word of a clause (the text is normalised: lower case, one space between words). */
const WORD = String.raw`\S+`;
/** A handle given as an address: "@candor_help" (not an e-mail address, not "@ 1.0845"). */
const HANDLE = String.raw`(?<![\w.+-])@(?=[\w.$!|@]*[a-z])[\w$!|@][\w.$!|@]{2,}`;
/** A telephone number: "+44 7700 900123", "+1 (555) 010-9999", "07700900123". */
const PHONE = String.raw`(?:\+ ?\d[\d ().-]{6,}\d|\b\d{3,}[ .-]?\d{3,}[ .-]?\d{2,}\b)`;
/** An id typed after a colon: "WeChat: candor_mgr", "Skype: candor.support". */
const TYPED_ID = String.raw`[a-z][\w.@$!|-]*[_.\d][\w.@$!|-]*`;

/** Signal, the app: said so, or with an address after it. */
const SIGNAL_APP = String.raw`\bsignal(?: (?:app|messenger)\b| ?(?:[:(=]|is|at|on)? ?(?:(?=@[\w.]*[_.\d])${HANDLE}|${PHONE}))`;
/** Signal after "on", "via" … ending the clause or followed by an address or another chat: the app, not a trading signal. */
const ON_SIGNAL = String.raw`\b(?:on|via|through|over|using|in|at) signal(?= ?$| (?:or|and|at|to|today|now|instead|only|directly|privately|please|app|messenger)\b| ?[@+(\d]| ${MESSENGER})`;

/** Getting in touch (a verb): contact, message, text, write, reach, chat, add, join, call, find, follow … */
const GET_IN_TOUCH = String.raw`\b(?:contact\w*|messag(?:e|es|ed|ing)|msg|text(?:s|ed|ing)?|writ(?:e|es|ing)|reach(?:es|ed|ing)?|chat(?:s|ted|ting)?|talk(?:s|ed|ing)?|speak(?:s|ing)?|add|join(?:s|ed|ing)?|call(?:s|ed|ing)?|ping(?:s|ed)?|find|follow(?:s|ed|ing)?|connect(?:s|ed|ing)?|get in touch|hit (?:us|me) up|repl(?:y|ies|ying)|respond(?:s|ing)?|ask(?:s|ing)?|send (?:us |me |them |our \S+ )?(?:\S{1,2} )?(?:message|text|note|voice note))\b`;
/** A noun that reads like a verb of getting in touch: "a message you received on Telegram" asks nothing. */
const NOT_A_NOUN = String.raw`(?<!\b(?:a|an|the|your|this|that|these|those|his|her|their|its|my|any)(?: \S+)? )`;
/** A denial: "never", "not", "don't" … */
const DENIAL = String.raw`(?:never|not|no|nobody|\w+n't|dont|cannot)`;
/** A word after a denial that keeps it from denying what follows: "do not hesitate to", "don't forget to". */
const DENIED_WORD = String.raw`(?: (?!(?:hesitat\w*|wait|delay|forget|fail|afraid|shy)\b)${WORD})`;
/**
 * Not denied just before, nor the verb it leads to: "never contact", "do not ever message", "will
 * never ask you to chat" ask nothing; "do not hesitate to message me" asks.
 */
const NOT_DENIED = String.raw`(?<!\b${DENIAL}${DENIED_WORD}{0,2} )(?<!\b${DENIAL}${DENIED_WORD}{0,6} to )`;
/** A warning in the clause before: "ignore anyone who messages you on …", "scammers may contact you on …". */
const WARNING = String.raw`(?:ignore\w*|beware|fake|scam\w*|fraud\w*|impersonat\w*|phishing|pretend\w*|bogus|unofficial|warn\w*)`;
const NOT_WARNED_BEFORE = String.raw`(?<!\b${WARNING}\b.*)`;
/** A warning or a denial among the three words before: "fake Telegram groups", "no WhatsApp number". */
const NOT_WARNED_NEAR = String.raw`(?<!\b(?:${WARNING}|${DENIAL})(?: ${WORD}){0,3} )`;
/** Between a verb and its chat: no denial, and not the subject of a question ("about", "regarding"). */
const BETWEEN = String.raw`(?: (?!(?:${DENIAL}|about|regarding|for)\b)${WORD}){0,6}?`;
/** Someone else's chat, not staff's: "a Telegram group", "their WhatsApp". */
const NOT_SOMEONE_ELSES = String.raw`(?<!\b(?:a|an|any|some|another|other|their|his|her|its|these|those|your)(?: ${WORD})? )`;
/** Staff, or the platform speaking of itself. */
const STAFF =
  '(?:support|agents?|team|managers?|desk|admins?|administrators?|staff|help|helpdesk|assistance|service|officers?|brokers?|advis[eo]rs?|we|us|our)';
/** What a chat of staff's is called: "Telegram support", "WhatsApp number", "Discord server". */
const CHAT_PLACE =
  '(?:support|help|helpline|agents?|managers?|desk|team|groups?|channels?|community|server|number|contact|chat|account|admin|handle|username|id|line)';
/** Asking for direct messages: "DM us", "PM me", "send us a DM", "in our DMs". */
const DIRECT_MESSAGE = String.raw`(?:\b(?:dm|direct message|private message)(?: (?:us|me|our|the|him|her|them|support)\b| ?${HANDLE})|(?<!\d ?)\bpm (?:us|me|our|support)\b|\bsend (?:us |me |our \S+ )?(?:\S{1,2} )?(?:dm|pm|direct message|private message)\b|\b(?:in|into|via|by|through) (?:our |my |the )?(?:dms|pms|direct messages?|private messages?)\b)`;

/** A rule: its pattern, and the channel it refuses when not the app its match names. */
type Rule = { pattern: RegExp; channel?: string };

/** The channel a refused clause sends the customer to, as the refusal names it. */
function channelIn(found: string): string {
  for (const [pattern, name] of LINKS)
    if (new RegExp(`(?<![\\w.@-])(?:https?://)?(?:www\\.)?(?:${pattern})`).test(found)) return name;
  for (const [pattern, name] of MESSENGERS)
    if (new RegExp(String.raw`\b(?:${pattern})\b`).test(found)) return name;
  if (/\bsignal\b/.test(found)) return 'Signal';
  if (new RegExp(DIRECT_MESSAGE).test(found)) return 'direct messages';
  return 'a chat handle';
}

/** Made on the first screening, not when the module loads (decision 056: the web app imports it). */
const rules = once((): readonly Rule[] => {
  const chat = `(?:${MESSENGER}|${ON_SIGNAL}|${HANDLE})`;
  return [
    // An address: "Telegram @candor_help", "WhatsApp +44 7700 900123", "@candor_help on Telegram",
    // "WeChat: candor_mgr", "Signal: +1 555 010 9999". Refused even in a warning: it hands out the address.
    {
      pattern: new RegExp(
        String.raw`${MESSENGER}(?: ${CHAT_PLACE})? ?(?:[:(=-]|is|at|on)? ?(?:${HANDLE}|${PHONE}|${LINK})|${HANDLE} (?:on|via|at|in) (?:${MESSENGER}|signal\b)|${MESSENGER}(?: ${CHAT_PLACE})? ?: ?${TYPED_ID}\b|${SIGNAL_APP}`,
      ),
    },
    // "Contact support on Telegram", "Add our manager on WeChat", "Join our Discord", "Write to @candor_help".
    {
      pattern: new RegExp(`${NOT_WARNED_BEFORE}${NOT_A_NOUN}${NOT_DENIED}${GET_IN_TOUCH}${BETWEEN} ${chat}`),
    },
    // "WhatsApp us", "Telegram our desk", "Signal me".
    {
      pattern: new RegExp(
        String.raw`${NOT_WARNED_NEAR}(?:${MESSENGER}|\bsignal\b) (?:us|me|our (?:${STAFF}|managers?|agents?))\b`,
      ),
    },
    // "Our Telegram group", "the official WhatsApp channel", "Viber support answers 24/7".
    {
      pattern: new RegExp(
        String.raw`${NOT_WARNED_NEAR}\b(?:our|the official|official|support|agents?|managers?|desk|team|admins?|staff)(?:'s)? (?:${WORD} )?${MESSENGER}|${NOT_WARNED_NEAR}${NOT_SOMEONE_ELSES}${MESSENGER}(?: ${WORD})? ${CHAT_PLACE}\b`,
      ),
    },
    // "Support is available on WhatsApp", "our agents answer via Telegram".
    {
      pattern: new RegExp(
        String.raw`${NOT_WARNED_BEFORE}\b${STAFF}\b(?: (?!${DENIAL}\b)${WORD}){0,4}? (?:on|via|through|over|using|in) ${MESSENGER}`,
      ),
    },
    // "DM us", "send us a PM".
    {
      pattern: new RegExp(`${NOT_WARNED_BEFORE}${NOT_DENIED}${DIRECT_MESSAGE}`),
      channel: 'direct messages',
    },
    // "Support: @candor_help", "our agent @mike_fx", "@candor_help on Telegram", a handle alone.
    {
      pattern: new RegExp(
        String.raw`${NOT_WARNED_NEAR}\b(?:${STAFF}|contact|helpline)(?:'s)?(?: ${WORD})? ?(?::|is|at|on)? ?${HANDLE}|^(?=@[\w.]*[_.\d])${HANDLE}$`,
      ),
      channel: 'a chat handle',
    },
  ];
});

/**
 * The words the rules read (every run of letters in their patterns: "telegram", "contact", "fake",
 * "username" …), so that one written with digits or symbols for letters ("Te1egram", "Wh@tsApp",
 * "c0ntact", "f4ke") is read as the word before the rules run (as payment-demand.ts does).
 */
const screenedWords = once(() =>
  prepareScreenedWords(
    [...rules().map(({ pattern }) => pattern.source), LINK].flatMap((source) =>
      (source.replace(/\\[a-zA-Z]/g, ' ').match(/[a-z]{2,}\??/g) ?? []).flatMap((word) =>
        word.endsWith('?') ? [word.slice(0, -1), word.slice(0, -2)] : [word],
      ),
    ),
  ),
);

const linkPattern = once(() => new RegExp(LINK));

/** A value made by `make` on the first call, then kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** Where a clause ends: . ! ? ; (not inside a word or a link), a comma, a colon not before an address, a dash, "and" … */
const CLAUSE_BREAK = new RegExp(
  String.raw`[!?](?![\p{L}\p{N}])|;|\.(?![\p{L}\p{N}])|,|:(?! ?(?:@|\+|\d|${TYPED_ID}))| - | (?:and|but|then|however|instead) `,
  'u',
);

/** The clauses of a normalised text: its sentences (. ! ? ;) cut again at commas, colons, dashes and "and", "but", "then". */
function clausesOf(text: string): string[] {
  return text
    .split(CLAUSE_BREAK)
    .map((clause) => clause.trim())
    .filter((clause) => clause.length > 0);
}

/**
 * The chat outside the platform that `text` sends the customer to ("Telegram", "WhatsApp",
 * "Signal" …, "direct messages", "a chat handle"), or undefined when it sends them to none.
 */
export function findOffPlatformContact(text: string): string | undefined {
  // A lone 4 or @ is the article a ("in 4 Telegram group" is someone else's group).
  const read = normaliseForScreening(text, screenedWords()).replace(/(?<=^| )[4@](?= )/g, 'a');
  // A link's letters may be written as digits ("7.me"): it is read with every stand-in as a letter.
  const link = linkPattern().exec(read) ?? linkPattern().exec(readStandIns(read));
  if (link) return channelIn(link[0]);
  for (const clause of clausesOf(read)) {
    for (const { pattern, channel } of rules()) {
      const found = pattern.exec(clause);
      if (found) return channel ?? channelIn(found[0]);
    }
  }
  return undefined;
}
