import type { Latch, SignInState, SIWXSession } from '@latch/core'
import { siwxMeResponseSchema } from '@latch/core/api'
import { element, failure } from './dom.js'
import { messages } from './messages.js'

const text = messages.signIn
type Field = keyof typeof text.fields

/** The Latch server that keeps the sessions, asked `me` as the host's own backend would. */
export interface SignInServer {
  serverUrl: string
  projectId: string
}

/**
 * Sign in with the wallet (issue 30) on the instance's helpers alone: `subscribeSignIn` feeds
 * the status and the session's account, and the buttons call `latch.signIn()`,
 * `latch.signOut()` and the server's `GET /v1/siwx/me` with the session's bearer token. No view
 * draws SIWXSignMessage here: `signIn()` asks the wallet at once, and the in-page dev wallet
 * approves by itself. Each value is a `<dd data-sign-in="…">` for the e2e test; the last
 * helper's outcome is a live region, so it is announced.
 */
export function mountSignIn(section: HTMLElement, latch: Latch, server: SignInServer): void {
  const heading = element('h2', text.heading)
  heading.id = 'sign-in-heading'
  section.setAttribute('aria-labelledby', heading.id)
  const list = element('dl')
  list.className = 'values'
  const cell = (field: Field) => {
    const row = element('div')
    const value = element('dd')
    value.dataset.signIn = field
    row.append(element('dt', text.fields[field]), value)
    list.append(row)
    return value
  }
  const cells = {
    status: cell('status'),
    account: cell('account'),
    statuses: cell('statuses'),
    prompts: cell('prompts'),
    result: cell('result'),
  } satisfies Record<Field, HTMLElement>
  cells.result.setAttribute('aria-live', 'polite')
  const buttons = element('div')
  Object.assign(buttons.style, { display: 'flex', flexWrap: 'wrap', gap: '8px' })
  section.append(heading, list, buttons)

  // Before the instance runs the subscription says nothing: the keeper's own 'idle' until then.
  let state: SignInState = { status: 'idle', account: undefined, session: undefined }
  const statuses: string[] = [state.status]
  // The SIWXSignMessage runs the page saw start: a "prompt" here, since nothing draws one.
  let prompts = 0
  let followed: Latch['signingIn']
  let busy = false
  let result = ''

  const button = (label: string, helper: string, work: () => Promise<string>) => {
    const node = element('button', label)
    node.type = 'button'
    node.addEventListener('click', () => {
      busy = true
      result = messages.pending(helper)
      render()
      void work()
        .catch((error: unknown) => failure(helper, error))
        .then((said) => {
          busy = false
          result = said
          render()
        })
    })
    buttons.append(node)
    return node
  }
  const signIn = button(text.signIn, 'signIn', async () => {
    const { data } = await latch.signIn()
    return text.signedIn(data.chainId, data.accountAddress)
  })
  const signOut = button(text.signOut, 'signOut', async () => {
    await latch.signOut()
    return text.signedOut
  })
  const ask = button(text.askServer, 'me', () => askServer(server, state.session))

  function render() {
    const { session } = state
    cells.status.textContent = state.status
    cells.account.textContent = session
      ? text.account(session.data.chainId, session.data.accountAddress)
      : messages.none
    cells.statuses.textContent = statuses.join(messages.statusSeparator)
    cells.prompts.textContent = text.prompts(prompts, followed !== undefined)
    cells.prompts.dataset.count = String(prompts)
    cells.prompts.dataset.onShow = String(followed !== undefined)
    cells.result.textContent = result || messages.none
    // One helper at a time, and each only where it means something for the keeper's state.
    signIn.disabled = busy || state.status !== 'signedOut'
    signOut.disabled = busy || !session
    ask.disabled = busy || !session
  }

  latch.subscribeSignIn((next) => {
    state = next
    if (statuses.at(-1) !== next.status) statuses.push(next.status)
    render()
  })
  // A run starts (and ends) in the root's chart, like the email login's.
  latch.actor.subscribe(() => {
    const run = latch.signingIn
    if (run === followed) return
    followed = run
    if (run) prompts += 1
    render()
  })
  render()
}

/** What the server says of the session's token, read with the route's own schema. */
async function askServer(server: SignInServer, session: SIWXSession | undefined) {
  if (!session?.token) return text.noToken
  const url = new URL('/v1/siwx/me', server.serverUrl)
  url.searchParams.set('projectId', server.projectId)
  const response = await fetch(url, { headers: { authorization: `Bearer ${session.token}` } })
  // A refusal's body is the server's error, or none: only the status matters then.
  const me = siwxMeResponseSchema.safeParse(await response.json().catch(() => undefined))
  if (!response.ok || !me.success) return text.serverRefused(response.status)
  const { chainId, accountAddress } = me.data.session.data
  return text.serverSays(chainId, accountAddress)
}
