// What the tests and the dev command read out of a mail: the one-time code and the links. Pure
// functions, so the rules are tested without a mailbox.

/** A one-time code as Latch sends it: exactly six digits, not part of a longer number. */
const CODE = /(?<![0-9])[0-9]{6}(?![0-9])/

/** An http(s) URL in plain text, up to whitespace or a closing bracket or quote. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]+/g

/** An `href` in HTML (double or single quotes). */
const HREF = /href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi

/** The HTML entities an href may carry (`&amp;` between query parameters). */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

function decodeEntities(value: string): string {
  return value.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
}

/** The parts of a mail the extractors read. */
export interface MailText {
  subject: string
  text: string
  html: string
}

/**
 * The first six-digit code of a mail: from its plain text, else its subject, else its HTML with
 * the tags removed. Undefined when there is none.
 */
export function extractCode(mail: MailText): string | undefined {
  for (const source of [mail.text, mail.subject, mail.html.replace(/<[^>]*>/g, ' ')]) {
    const match = CODE.exec(source)
    if (match) return match[0]
  }
  return undefined
}

/**
 * The http(s) links of a mail, in order and without repeats: those of the plain text first, then
 * the HTML's hrefs (entities decoded).
 */
export function extractLinks(mail: MailText): string[] {
  const links = [...mail.text.matchAll(URL_IN_TEXT)].map((match) => match[0])
  for (const match of mail.html.matchAll(HREF)) {
    const href = decodeEntities(match[1] ?? match[2] ?? '')
    if (/^https?:\/\//.test(href)) links.push(href)
  }
  return [...new Set(links)]
}
