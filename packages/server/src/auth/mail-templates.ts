import type { OutgoingMail } from './mailer.js'

// The login's mails. The code comes first in the text, and nothing else in a code mail is six
// digits in a row, so a person (and the test mailbox) reads the right number. Every value put in
// the HTML is escaped: an address is user input.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text as HTML, safe in an element or a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

const minutes = (seconds: number) => Math.round(seconds / 60)

const IGNORE = 'If you did not ask for this, ignore this mail: nothing happens without it.'

function page(lines: string[]): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${lines
    .map((line) => `<p>${line}</p>`)
    .join('')}</body></html>`
}

/**
 * A mail carrying a code: the code first (subject and text), when it expires, an optional note
 * (plain text, escaped for the HTML), and what to do if it was not asked for.
 */
function codeMail(
  to: string,
  code: string,
  what: string,
  ttlSeconds: number,
  note?: string,
): OutgoingMail {
  const expiry = `It expires in ${minutes(ttlSeconds)} minutes.`
  const notes = note === undefined ? [] : [note]
  return {
    to,
    subject: `${code} is your ${what}`,
    text: `${[`${code} is your ${what}. ${expiry}`, ...notes, IGNORE].join('\n\n')}\n`,
    html: page([
      `Your ${what} is <strong style="font-size:1.5em;letter-spacing:.1em">${code}</strong>`,
      ...notes.map(escapeHtml),
      expiry,
      IGNORE,
    ]),
  }
}

/** The sign-in code (CONNECT_EMAIL, CONNECT_DEVICE). */
export function loginCodeMail(to: string, code: string, ttlSeconds: number): OutgoingMail {
  return codeMail(to, code, 'sign-in code', ttlSeconds)
}

/** Who asked for a new device's approval, and when: what its mail and page name. */
export interface ApprovalContext extends NoticeContext {
  /** The client's address as the server saw it. */
  ip: string
}

/** The facts of an approval request, one line each, as the mail and the page list them. */
export function approvalFacts(asked: ApprovalContext): string[] {
  return [
    `App: ${asked.app}`,
    `Time: ${asked.at.toUTCString()}`,
    `Browser: ${asked.browser}`,
    `IP address: ${asked.ip}`,
  ]
}

/** The approval link of a new device (VERIFY_DEVICE), naming who asked. */
export function deviceApprovalMail(
  to: string,
  link: string,
  ttlSeconds: number,
  asked: ApprovalContext,
): OutgoingMail {
  const warning =
    'Approve only if you are signing in right now. Anyone you let in can use your wallet.'
  const facts = approvalFacts(asked)
  return {
    to,
    subject: 'Approve a new device',
    text:
      `Someone is signing in to your wallet from a new device.\n\n${facts.join('\n')}\n\n` +
      `To approve it, open:\n\n${link}\n\n` +
      `The link works for ${minutes(ttlSeconds)} minutes. ${warning}\n\n${IGNORE}\n`,
    html: page([
      'Someone is signing in to your wallet from a new device.',
      ...facts.map(escapeHtml),
      `<a href="${escapeHtml(link)}">Review and approve the device</a>`,
      `The link works for ${minutes(ttlSeconds)} minutes. ${warning}`,
      IGNORE,
    ]),
  }
}

/** The first code of an email update, to the current address (VERIFY_PRIMARY_OTP). */
export function updatePrimaryCodeMail(
  to: string,
  code: string,
  newEmail: string,
  ttlSeconds: number,
): OutgoingMail {
  return codeMail(
    to,
    code,
    'code to change your email',
    ttlSeconds,
    `The new address would be: ${newEmail}`,
  )
}

/** The second code of an email update, to the new address (VERIFY_SECONDARY_OTP). */
export function updateSecondaryCodeMail(
  to: string,
  code: string,
  ttlSeconds: number,
): OutgoingMail {
  return codeMail(to, code, 'code to confirm this email', ttlSeconds)
}

/** The notice to the former address once an update is done. */
export function emailChangedMail(to: string, newEmail: string): OutgoingMail {
  return {
    to,
    subject: 'Your wallet email was changed',
    text: `Your wallet's email is now ${newEmail}. Mail about it no longer comes to this address.\n`,
    html: page([
      `Your wallet's email is now ${escapeHtml(newEmail)}.`,
      'Mail about it no longer comes to this address.',
    ]),
  }
}

/** Where and when something happened to the wallet, as a notice names it. */
export interface NoticeContext {
  /** The app (the project's name, else its id). */
  app: string
  /** The server's time of it. */
  at: Date
  /** The browser that did it (see describeBrowser). */
  browser: string
}

/**
 * The notice of a share release (finding 9): the wallet's key was rebuilt on a device, naming
 * the app, the time and the browser, so a recovery the user did not make is seen.
 */
export function shareReleaseMail(to: string, notice: NoticeContext): OutgoingMail {
  const facts = [
    `App: ${notice.app}`,
    `Time: ${notice.at.toUTCString()}`,
    `Browser: ${notice.browser}`,
  ]
  const what = 'Your wallet was recovered on a device.'
  const unless =
    'If this was not you, someone can use your wallet: move your funds to a wallet only you hold, and change your email.'
  return {
    to,
    subject: 'Your wallet was recovered on a device',
    text: `${[what, facts.join('\n'), unless].join('\n\n')}\n`,
    html: page([escapeHtml(what), ...facts.map(escapeHtml), escapeHtml(unless)]),
  }
}
