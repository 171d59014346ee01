import type { FrameClient, FrameClientOptions, FrameTimeouts } from '@latch/frame/client'
import type { AppEventType, ChainId } from '@latch/frame'
import { LatchError } from '../errors/latch-error.js'
import { mountIframe, type MountedAuthFrame } from './mount-iframe.js'

/** Loads the frame client's code: a dynamic import, so a host that never logs in by email downloads none of it. */
export type FrameClientLoader = () => Promise<{
  createFrameClient(options: FrameClientOptions): FrameClient
}>

/** The default loader: `@latch/frame/client` in its own chunk. */
export const loadFrameClient: FrameClientLoader = () => import('@latch/frame/client')

/** The frame's path on the Latch server, which serves it with the frame-ancestors CSP. */
export const SECURE_FRAME_PATH = '/secure-frame/'

/** What the host page shows while the frame waits for the visitor's approval. */
export interface FrameApproval {
  /** The RPC_REQUEST's id, and its method (`personal_sign`, `eth_sendTransaction`…). */
  readonly id: string
  readonly method: string
}

export interface AuthFrameOptions {
  /** The Latch server; the frame is `${serverUrl}/secure-frame/`. */
  readonly serverUrl: string
  readonly projectId: string
  /** The chain the frame starts on (SPEC §7 `chainId`). */
  readonly chainId: ChainId
  /** The SDK version (SPEC §7 `version`). */
  readonly version: string
  readonly enableLogger?: boolean
  /** Where the iframe goes; default the global `document`, read on first load. */
  readonly document?: Document
  /** The iframe's accessible name. */
  readonly title?: string
  readonly timeouts?: Partial<FrameTimeouts>
  /** Puts the iframe into the page; default {@link mountIframe} on `document`. Tests pass a fake. */
  readonly mount?: (src: string) => MountedAuthFrame
  /** Tests hand a loader of their own; default {@link loadFrameClient}. */
  readonly loader?: FrameClientLoader
  /** The frame refused this page's origin (SPEC §5 INVALID_APP_CONFIGURATION). */
  readonly onRefused?: () => void
  /** SPEC §8 timeout callbacks: iframe_load_failed, iframe_request_timeout. */
  readonly onTimeout?: (
    kind: 'iframe_load_failed' | 'iframe_request_timeout',
    event?: AppEventType,
  ) => void
  /** The frame's session ended on its own (SPEC §8 'Session Expired'). */
  readonly onSessionExpired?: () => void
}

/** One instance's secure frame: loaded on first use, at most once. */
export interface AuthFrame {
  /**
   * The frame client, loaded, mounted and ready (READY plus the SPEC's 500 ms). The first call
   * loads `@latch/frame/client` and mounts the iframe.
   * @throws LatchError EMAIL_LOGIN_DEPENDENCY_FAILED when the client code cannot be loaded.
   */
  client(): Promise<FrameClient>
  /** Whether the frame was asked for yet (SPEC §4: never at page load without the stored flag). */
  readonly started: boolean
  /** The approval waiting in the frame, if any: the ApproveTransaction view shows the frame. */
  readonly approval: FrameApproval | undefined
  /** Called whenever {@link approval} changes. Returns the unsubscribe. */
  onApprovalChange(listener: (approval: FrameApproval | undefined) => void): () => void
  /** Removes the iframe and rejects what is pending. */
  destroy(): void
}

/**
 * The secure frame of one Latch instance (SPEC §2 "a hidden secure iframe handles email and
 * social login"). Nothing is imported, mounted or read until {@link AuthFrame.client}: SPEC §4
 * loads the frame only when the email-login flag is stored or the visitor starts a login. The
 * iframe stays hidden except while it asks for an approval (FRAME_APPROVAL_REQUESTED until
 * FRAME_APPROVAL_SETTLED).
 */
export function createAuthFrame(options: AuthFrameOptions): AuthFrame {
  let loading: Promise<FrameClient> | undefined
  let client: FrameClient | undefined
  let mounted: MountedAuthFrame | undefined
  let approval: FrameApproval | undefined
  let destroyed = false
  const listeners = new Set<(approval: FrameApproval | undefined) => void>()

  const setApproval = (next: FrameApproval | undefined) => {
    approval = next
    mounted?.setVisible(next !== undefined)
    for (const listener of [...listeners]) listener(next)
  }

  async function create(): Promise<FrameClient> {
    const module = await (options.loader ?? loadFrameClient)().catch((cause: unknown) => {
      throw new LatchError('EMAIL_LOGIN_DEPENDENCY_FAILED', { cause })
    })
    if (destroyed) throw new LatchError('FRAME_NOT_SET')
    const mount =
      options.mount ??
      ((src: string) =>
        mountIframe(
          options.document ?? globalThis.document,
          src,
          options.title ?? 'Latch secure wallet',
        ))
    const created = module.createFrameClient({
      frameUrl: new URL(SECURE_FRAME_PATH, `${options.serverUrl.replace(/\/+$/, '')}/`).href,
      projectId: options.projectId,
      chainId: options.chainId,
      version: options.version,
      enableLogger: options.enableLogger ?? false,
      mount: (src) => (mounted = mount(src)),
      ...(options.document?.defaultView ? { window: options.document.defaultView } : {}),
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
      onNotice: (notice) => {
        if (notice.type === 'FRAME_APPROVAL_REQUESTED') setApproval(notice.payload)
        else if (notice.type === 'FRAME_APPROVAL_SETTLED') {
          if (approval?.id === notice.payload.id) setApproval(undefined)
        } else options.onSessionExpired?.()
      },
      onRefused: () => options.onRefused?.(),
      onTimeout: (kind, event) => options.onTimeout?.(kind, event),
    })
    client = created
    created.load()
    await created.whenReady()
    return created
  }

  return {
    client() {
      if (destroyed) return Promise.reject(new LatchError('FRAME_NOT_SET'))
      loading ??= create().catch((error: unknown) => {
        // A failed import may succeed later (a flaky network), and so may a frame that did not
        // load in time: the next call mounts a fresh one. A refused origin stays refused.
        if (client?.state === 'load_failed') {
          client.destroy()
          client = undefined
        }
        if (!client) loading = undefined
        throw error
      })
      return loading
    },
    get started() {
      return loading !== undefined
    },
    get approval() {
      return approval
    },
    onApprovalChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy() {
      destroyed = true
      client?.destroy()
      mounted = undefined
      approval = undefined
      listeners.clear()
    },
  }
}
