import { dappInfo } from '../dapp-info.js'
import type { Proposal, WalletRequest, WcWallet } from '../types.js'
import { walletPageMessages, type WalletPageMessages } from './messages.js'

/** Longest params text shown for a request; the rest is cut (it is only a preview). */
const PARAMS_PREVIEW_CHARS = 2000

type Child = Node | string

/**
 * Creates an element with attributes and children. Strings become text nodes, so untrusted
 * text (dapp names, request params) can never turn into markup.
 */
function el(
  doc: Document,
  tag: string,
  attributes: Record<string, string> = {},
  children: Child[] = [],
): HTMLElement {
  const element = doc.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  for (const child of children) {
    element.append(typeof child === 'string' ? doc.createTextNode(child) : child)
  }
  return element
}

function preview(params: unknown): string {
  let text: string
  try {
    text = JSON.stringify(params, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v), 2)
  } catch {
    text = String(params)
  }
  text ??= 'undefined'
  return text.length > PARAMS_PREVIEW_CHARS ? `${text.slice(0, PARAMS_PREVIEW_CHARS)}…` : text
}

function proposalChains(proposal: Proposal): string {
  const chains = new Set<string>()
  for (const namespaces of [
    proposal.params.requiredNamespaces,
    proposal.params.optionalNamespaces,
  ]) {
    for (const [key, namespace] of Object.entries(namespaces ?? {})) {
      for (const chain of namespace.chains ?? (key.includes(':') ? [key] : [])) chains.add(chain)
    }
  }
  return [...chains].join(', ')
}

/**
 * Renders the wallet page into `root` with plain DOM: a pairing form, the pending proposals and
 * requests with Approve/Reject buttons, and the sessions. Returns the function that removes it.
 */
export function renderWalletPage(
  root: HTMLElement,
  wallet: WcWallet,
  messages: WalletPageMessages = walletPageMessages,
): () => void {
  const doc = root.ownerDocument
  let uniqueId = 0
  const id = (name: string) => `latch-wc-wallet-${name}-${++uniqueId}`

  const status = el(doc, 'p', { role: 'status', 'aria-live': 'polite', class: 'status' })
  const alert = el(doc, 'p', { role: 'alert', class: 'error' })
  const show = (text: string) => {
    status.textContent = text
    alert.textContent = ''
  }
  const fail = (error: unknown) => {
    status.textContent = ''
    alert.textContent = messages.failed(error instanceof Error ? error.message : String(error))
  }

  /** Runs a button's action once at a time, reporting failures in the alert region. */
  function button(label: string, ariaLabel: string, action: () => Promise<unknown>): HTMLElement {
    const element = el(doc, 'button', { type: 'button', 'aria-label': ariaLabel }, [label])
    element.addEventListener('click', () => {
      element.setAttribute('disabled', '')
      action()
        .catch(fail)
        .finally(() => element.removeAttribute('disabled'))
    })
    return element
  }

  const uriId = id('uri')
  const uri = el(doc, 'textarea', {
    id: uriId,
    name: 'uri',
    rows: '3',
    spellcheck: 'false',
    placeholder: messages.uriPlaceholder,
  }) as HTMLTextAreaElement
  const pairButton = el(doc, 'button', { type: 'submit' }, [messages.pair])
  const form = el(doc, 'form', { 'aria-label': messages.pair }, [
    el(doc, 'label', { for: uriId }, [messages.uriLabel]),
    uri,
    pairButton,
  ])
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    pairButton.setAttribute('disabled', '')
    show(messages.pairing)
    wallet
      .pair(uri.value)
      .then(() => {
        uri.value = ''
        show(messages.paired)
      })
      .catch(fail)
      .finally(() => pairButton.removeAttribute('disabled'))
  })

  const summary = el(doc, 'dl', { class: 'summary' })
  const proposals = el(doc, 'section', { 'aria-labelledby': id('proposals') })
  const requests = el(doc, 'section', { 'aria-labelledby': id('requests') })
  const sessions = el(doc, 'section', { 'aria-labelledby': id('sessions') })
  const headingIds = {
    proposals: proposals.getAttribute('aria-labelledby')!,
    requests: requests.getAttribute('aria-labelledby')!,
    sessions: sessions.getAttribute('aria-labelledby')!,
  }

  function renderProposal(proposal: Proposal): HTMLElement {
    const name = proposal.dapp.name
    return el(doc, 'li', { class: 'proposal' }, [
      el(doc, 'p', {}, [messages.wantsToConnect(name)]),
      el(doc, 'p', { class: 'dapp-url' }, [proposal.dapp.url]),
      el(doc, 'p', {}, [messages.chains(proposalChains(proposal))]),
      button(messages.approve, messages.approveProposal(name), () => wallet.approve(proposal)),
      button(messages.reject, messages.rejectProposal(name), () => wallet.reject(proposal)),
    ])
  }

  function renderRequest(request: WalletRequest): HTMLElement {
    return el(doc, 'li', { class: 'request' }, [
      el(doc, 'p', {}, [messages.requestFrom(request.method, request.dapp.name)]),
      el(doc, 'pre', {}, [preview(request.params)]),
      button(messages.approve, messages.approveRequest(request.method), () =>
        wallet.approveRequest(request.id),
      ),
      button(messages.reject, messages.rejectRequest(request.method), () =>
        wallet.rejectRequest(request.id),
      ),
    ])
  }

  function list<T>(items: readonly T[], empty: string, render: (item: T) => HTMLElement): Node {
    return items.length === 0 ? el(doc, 'p', {}, [empty]) : el(doc, 'ul', {}, items.map(render))
  }

  function update(): void {
    summary.replaceChildren(
      el(doc, 'dt', {}, [messages.account]),
      el(doc, 'dd', {}, [wallet.address]),
      ...(wallet.solanaAddress
        ? [el(doc, 'dt', {}, [messages.solanaAccount]), el(doc, 'dd', {}, [wallet.solanaAddress])]
        : []),
      el(doc, 'dt', {}, [messages.chain]),
      el(doc, 'dd', {}, [String(wallet.chainId)]),
      el(doc, 'dt', {}, [messages.status]),
      el(doc, 'dd', {}, [wallet.online ? messages.online : messages.offline]),
    )
    proposals.replaceChildren(
      el(doc, 'h2', { id: headingIds.proposals }, [messages.proposalsHeading]),
      list(wallet.proposals, messages.noProposals, renderProposal),
    )
    requests.replaceChildren(
      el(doc, 'h2', { id: headingIds.requests }, [messages.requestsHeading]),
      list(wallet.pendingRequests, messages.noRequests, renderRequest),
    )
    sessions.replaceChildren(
      el(doc, 'h2', { id: headingIds.sessions }, [messages.sessionsHeading]),
      list(wallet.sessions, messages.noSessions, (session) => {
        const name = dappInfo(session.peer.metadata).name
        return el(doc, 'li', { class: 'session' }, [
          el(doc, 'span', {}, [name]),
          button(messages.disconnectButton, messages.disconnect(name), () =>
            wallet.deleteSession(session.topic),
          ),
        ])
      }),
    )
  }

  const container = el(doc, 'main', { class: 'latch-wc-wallet' }, [
    el(doc, 'h1', {}, [messages.title]),
    el(doc, 'p', {}, [messages.intro]),
    summary,
    form,
    status,
    alert,
    proposals,
    requests,
    sessions,
  ])
  update()
  const unsubscribe = wallet.onChange(update)
  root.append(container)
  return () => {
    unsubscribe()
    container.remove()
  }
}
