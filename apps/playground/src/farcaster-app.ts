// The playground's /farcaster-app.html: a page standing in for the phone in Sign in with
// Farcaster (issue 12). The Latch server's `farcaster.signInUrl` points here, so the QR code and
// the "Open in Farcaster" link open it with the channel token. It reads the request from the
// server's relay, lets the person pick a devnet account (the playground's dev keys), registers
// that account's fid on chain A's IdRegistry if it has none, and approves: the signed message
// goes to the relay, which checks it and the fid's custody on chain A.
import { FARCASTER_API_PATHS } from '@latch/core/api'
import {
  approveSignIn,
  fidOf,
  readSignInRequest,
  registerFid,
  type FarcasterAppOptions,
  type SignInRequest,
} from '@latch/devnet/farcaster'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { readPlaygroundConfig } from './config.js'
import './styles.css'

const root = document.getElementById('farcaster-app')!

/** An element with text and attributes; the page builds its DOM without parsing markup. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  node.append(...children)
  return node
}

const alertOf = (text: string) => el('p', { role: 'alert' }, text)

/** The request's fields a person checks before approving, as a description list. */
function requestDetails(request: SignInRequest): HTMLElement {
  const { params } = request
  const rows: Array<[string, string | undefined]> = [
    ['Site', params.domain],
    ['Address', params.siweUri],
    ['Nonce', params.nonce],
    ['Valid until', params.expirationTime],
  ]
  const list = el('dl', { 'aria-label': 'Sign-in request' })
  for (const [term, value] of rows)
    if (value) list.append(el('dt', {}, term), el('dd', { 'data-field': term }, value))
  return list
}

/** The account picker: each dev key's address, and whether it holds an fid yet. */
async function accountPicker(accounts: PrivateKeyAccount[], rpcUrl: string) {
  const select = el('select', { id: 'farcaster-account' })
  await Promise.all(
    accounts.map(async (account, index) => {
      const fid = await fidOf(rpcUrl, account.address).catch(() => 0n)
      const label = fid > 0n ? `fid ${fid}` : 'no fid yet: registered on approval'
      select.append(el('option', { value: String(index) }, `${account.address} (${label})`))
    }),
  )
  return select
}

async function mount() {
  const config = readPlaygroundConfig(globalThis)
  const chainA = config?.chains[0]
  if (!config?.serverUrl || !chainA || config.privateKeys.length === 0) {
    root.append(
      alertOf('No devnet configuration was served with this page. Start it with `npm start`.'),
    )
    return
  }
  if (!new URL(location.href).searchParams.get('channelToken')) {
    root.append(
      alertOf(
        'Open this page from a sign-in link: the QR code or "Open in Farcaster" in the playground.',
      ),
    )
    return
  }
  const options: FarcasterAppOptions = {
    relay: `${config.serverUrl}${FARCASTER_API_PATHS.relay}`,
    rpcUrl: chainA.rpcUrl,
  }
  const request = await readSignInRequest(location.href, options).catch((error: unknown) => {
    root.append(alertOf(`This sign-in link cannot be read: ${String(error)}`))
    return undefined
  })
  if (!request) return
  const accounts = config.privateKeys.map((key) => privateKeyToAccount(key))
  const select = await accountPicker(accounts, chainA.rpcUrl)
  const username = el('input', { id: 'farcaster-username', type: 'text', value: 'alice' })
  const approve = el('button', { type: 'button' }, 'Approve')
  const status = el('p', { role: 'status', id: 'farcaster-status' })
  root.append(
    el('h2', {}, 'Sign in to this site?'),
    requestDetails(request),
    el('p', {}, el('label', { for: 'farcaster-account' }, 'Farcaster account'), ' ', select),
    el('p', {}, el('label', { for: 'farcaster-username' }, 'Username'), ' ', username),
    approve,
    status,
  )
  approve.addEventListener('click', () => {
    approve.disabled = true
    void (async () => {
      const custody = accounts[Number(select.value)]!
      let fid = await fidOf(chainA.rpcUrl, custody.address)
      if (fid === 0n) {
        status.textContent = 'Registering your fid on the devnet…'
        fid = await registerFid(chainA.rpcUrl, custody)
      }
      status.textContent = `Signing in as fid ${fid}…`
      const name = username.value.trim()
      const sent = await approveSignIn(
        location.href,
        {
          fid: Number(fid),
          custody,
          ...(name ? { username: name } : {}),
        },
        options,
      )
      status.textContent =
        sent.status === 201
          ? `Approved as fid ${fid}. You can go back to the site.`
          : `The relay refused the approval (${sent.status}).`
    })().catch((error: unknown) => {
      status.textContent = `Approval failed: ${String(error)}`
      approve.disabled = false
    })
  })
}

void mount()
