import type { Persona } from './personas.js'
import type { IdpUser, SocialProviderId } from './types.js'

/** Each provider's colour, as a band at the top of its page: the one thing telling them apart. */
const ACCENTS: Record<SocialProviderId, string> = {
  google: '#1a73e8',
  github: '#24292f',
  apple: '#000000',
  facebook: '#1877f2',
  x: '#000000',
  discord: '#5865f2',
}

/** What the sign-in page shows. */
export interface SignInPage {
  readonly persona: Persona
  /** Where the form posts (the interaction's own URL). */
  readonly action: string
  /** The client asking, and for what. */
  readonly clientId: string
  readonly scopes: readonly string[]
  readonly users: readonly IdpUser[]
  /** The username to show in the field (the first scripted user at first). */
  readonly username: string
  /** Why the last submission was refused. */
  readonly error?: string
}

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )
}

/** The page's title and heading: "Sign in to GitHub (Latch local)". */
export function signInTitle(persona: Persona): string {
  return `Sign in to ${persona.displayName} (Latch local)`
}

function describeUser(user: IdpUser): string {
  const email =
    user.email === undefined
      ? 'no email'
      : `${user.email}, ${user.emailVerified === true ? 'verified' : 'not verified'}`
  return `${user.username}: ${user.name} (${email})`
}

function layout(persona: Persona, title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #16181d; }
  main { max-width: 30rem; margin: 3rem auto; padding: 1.5rem 2rem 2rem; background: #fff;
    border-top: 6px solid ${ACCENTS[persona.id]}; border-radius: 8px; box-shadow: 0 1px 4px #0002; }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { font: inherit; width: 100%; box-sizing: border-box; padding: .5rem; margin-top: .25rem;
    border: 1px solid #767676; border-radius: 4px; }
  .users { padding-left: 1.25rem; color: #3d4250; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .5rem 1.25rem; border-radius: 4px; cursor: pointer;
    border: 2px solid #16181d; background: #16181d; color: #fff; }
  button[value="deny"] { background: #fff; color: #16181d; }
  :focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
  [role="alert"] { color: #a4161a; font-weight: 600; }
</style>
</head>
<body>
<main>
${main}
</main>
</body>
</html>
`
}

/**
 * The sign-in page: a labelled username field (the scripted users listed below it), and
 * "Approve" (sign in and consent at once) and "Deny" (refuse: `error=access_denied`).
 */
export function renderSignInPage(page: SignInPage): string {
  const title = signInTitle(page.persona)
  const error =
    page.error === undefined ? '' : `<p role="alert" id="error">${escapeHtml(page.error)}</p>`
  const describedBy = page.error === undefined ? 'users' : 'error users'
  const scopes = page.scopes.length === 0 ? 'signing you in' : page.scopes.join(' ')
  const users = page.users
    .map((user) => `<li>${escapeHtml(describeUser(user))}</li>`)
    .join('\n    ')
  const options = page.users
    .map((user) => `<option value="${escapeHtml(user.username)}"></option>`)
    .join('')
  return layout(
    page.persona,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>A local stand-in for ${escapeHtml(page.persona.displayName)}: nothing leaves this machine.</p>
<p><strong>${escapeHtml(page.clientId)}</strong> asks for: ${escapeHtml(scopes)}.</p>
${error}
<form method="post" action="${escapeHtml(page.action)}">
  <label for="username">Username</label>
  <input id="username" name="username" value="${escapeHtml(page.username)}" list="usernames"
    autocomplete="username" required aria-describedby="${describedBy}">
  <datalist id="usernames">${options}</datalist>
  <ul class="users" id="users" aria-label="Scripted users">
    ${users}
  </ul>
  <div class="actions">
    <button type="submit" name="decision" value="approve">Approve</button>
    <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
  </div>
</form>`,
  )
}

/** A page for a sign-in that cannot go on (expired, or not found): says so, offers nothing. */
export function renderEndedPage(persona: Persona, message: string): string {
  const title = `${persona.displayName} sign-in ended (Latch local)`
  return layout(
    persona,
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p role="alert">${escapeHtml(message)}</p>`,
  )
}
