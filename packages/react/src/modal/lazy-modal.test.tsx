import { createLatch, createMemoryStorage, type Latch } from '@latch/core'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { enMessages } from '../i18n/en.js'
import { createFakeEvmAdapter } from '../test/fake-evm-adapter.js'
import { devnetA } from '@latch/core/testing'
import { createModalLoader, useLazyModal, type ModalChunk, type ModalLoader } from './lazy-modal.js'

/*
 * Issue 16: the modal is its own chunk. Nothing of it loads at mount; it loads once the page is
 * idle (core's warm-up rule), or at once when the modal opens first. Rules, not timings: what
 * loaded, and when, counted through a loader of the test's own.
 */

const chunk: ModalChunk = { Modal: () => <p>the modal</p>, messages: enMessages }

/** A loader whose imports are counted, failing the first `failures` times. */
function countingLoader(failures = 0): { loader: ModalLoader; imports: () => number } {
  let imports = 0
  const loader = createModalLoader(async () => {
    imports++
    if (imports <= failures) throw new Error('offline')
    return chunk
  })
  return { loader, imports: () => imports }
}

/** The page's idle callbacks, run only when the test says the page is idle. */
function idlePage() {
  const tasks: (() => void)[] = []
  vi.stubGlobal('requestIdleCallback', (task: () => void) => tasks.push(task))
  vi.stubGlobal('cancelIdleCallback', (handle: number) => {
    tasks[handle - 1] = () => undefined
  })
  return {
    async idle() {
      await act(async () => {
        for (const task of tasks.splice(0)) task()
      })
    },
  }
}

function Probe({ latch, loader }: { latch: Latch; loader: ModalLoader }) {
  const loaded = useLazyModal(latch, true, loader)
  return loaded ? <loaded.Modal /> : <p>no modal</p>
}

/** A page with an instance of its own (destroyed after the test) that uses `loader`. */
function mountProbe(loader: ModalLoader): Latch {
  const latch = createLatch(
    { projectId: 'p', networks: [devnetA], adapters: [createFakeEvmAdapter([]).adapter] },
    { storage: createMemoryStorage(), clearBrowserData: async () => undefined },
  )
  onTestFinished(() => latch.destroy())
  render(<Probe latch={latch} loader={loader} />)
  return latch
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the modal's chunk", () => {
  it('loads nothing at mount, and the chunk once the page is idle and the instance warm', async () => {
    const page = idlePage()
    const { loader, imports } = countingLoader()
    const latch = mountProbe(loader)
    await act(() => latch.ready())
    expect(screen.getByText('no modal')).toBeTruthy()
    expect(imports()).toBe(0)

    await page.idle()
    expect(await screen.findByText('the modal')).toBeTruthy()
    expect(imports()).toBe(1)
  })

  it('loads at once when the modal opens before the page is idle', async () => {
    idlePage()
    const { loader, imports } = countingLoader()
    const latch = mountProbe(loader)
    act(() => latch.open())
    expect(await screen.findByText('the modal')).toBeTruthy()
    expect(imports()).toBe(1)
  })

  it('is drawn on the first render once its chunk is in, and never imported twice', async () => {
    idlePage()
    const { loader, imports } = countingLoader()
    await loader.load()
    mountProbe(loader)
    expect(screen.getByText('the modal')).toBeTruthy()
    expect(imports()).toBe(1)
  })

  it('tries a failed load again when the modal is needed again', async () => {
    idlePage()
    const { loader, imports } = countingLoader(1)
    const latch = mountProbe(loader)
    await act(() => latch.ready())
    await act(async () => latch.open())
    act(() => latch.close())
    act(() => latch.open())
    expect(await screen.findByText('the modal')).toBeTruthy()
    expect(imports()).toBe(2)
  })
})
