import { selectModalState, warmUpWhenIdle, type Latch } from '@latch/core'
import { useEffect, useState, type ComponentType } from 'react'
import type { MessageKey } from '../i18n/translator.js'

/** What the modal's chunk brings: the modal, and the English strings of all its views. */
export interface ModalChunk {
  Modal: ComponentType
  messages: Record<MessageKey, string>
}

/** Loads the modal's chunk once, and hands it out synchronously once it is in. */
export interface ModalLoader {
  /** The chunk, if it is already in. */
  current(): ModalChunk | undefined
  /** Loads the chunk (once); a failed load (offline) is tried again by the next call. */
  load(): Promise<ModalChunk>
}

export function createModalLoader(importModal: () => Promise<ModalChunk>): ModalLoader {
  let loaded: ModalChunk | undefined
  let loading: Promise<ModalChunk> | undefined
  return {
    current: () => loaded,
    load() {
      loading ??= importModal().then(
        (chunk) => (loaded = chunk),
        (error: unknown) => {
          loading = undefined
          throw error
        },
      )
      return loading
    },
  }
}

/**
 * The modal's own chunk: the dialog, its views and their strings. Issue 16: none of it is needed
 * to paint the ConnectButton, so none of it is in a host's start-up JS. One per page.
 */
export const modalLoader = createModalLoader(() =>
  import('./chunk.js').then((module) => ({
    Modal: module.LatchModal,
    messages: module.enMessages,
  })),
)

/** The instance shows something only the modal's chunk draws: the modal, or a toast. */
function needsModalNow(latch: Latch): boolean {
  return (
    selectModalState(latch.modal.getSnapshot()).open ||
    latch.toast.getSnapshot().context.toast !== undefined
  )
}

/**
 * What the first open shows, ready: the instance running (its storage read, its wallets
 * discovered) and the wallet lists' data in. The modal prepares the next open's content as soon
 * as it mounts (see Prerender), so mounted after this, it prepares it with the data the open
 * will show, and the click has nothing left to render. Never rejects: a part that failed is
 * loaded again by the open that needs it.
 */
async function warmInstance(latch: Latch): Promise<void> {
  await Promise.allSettled([latch.ready(), latch.directory.client.prefetch()])
}

/**
 * The modal's chunk once it is in: loaded when the page is idle after the provider
 * mounted (core's warm-up rule, the one the wallet data follows) and the instance is warm, or at
 * once when the modal opens or a toast shows first. Already loaded (another provider, a later
 * mount), it is there on the first render. `enabled` is false on the server and while hydrating:
 * nothing loads there.
 */
export function useLazyModal(
  latch: Latch,
  enabled: boolean,
  loader: ModalLoader = modalLoader,
): ModalChunk | undefined {
  const [chunk, setChunk] = useState<ModalChunk | undefined>(loader.current)
  useEffect(() => {
    if (!enabled || chunk) return
    let mounted = true
    const load = () => {
      loader.load().then(
        (loaded) => mounted && setChunk(loaded),
        // Offline: the next open, toast or mount tries again.
        () => undefined,
      )
    }
    const cancelWarmUp = warmUpWhenIdle(() => void warmInstance(latch).then(load))
    const onChange = () => {
      if (needsModalNow(latch)) load()
    }
    const subscriptions = [latch.modal.subscribe(onChange), latch.toast.subscribe(onChange)]
    onChange()
    return () => {
      mounted = false
      cancelWarmUp()
      for (const subscription of subscriptions) subscription.unsubscribe()
    }
  }, [latch, enabled, chunk, loader])
  return chunk
}
