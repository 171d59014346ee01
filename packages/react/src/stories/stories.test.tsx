/// <reference types="vite/client" />
import { composeStories } from '@storybook/react-vite'
import { waitFor } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import preview from '../../.storybook/preview.js'
import { enMessages } from '../i18n/en.js'
import type { MessageKey } from '../i18n/translator.js'
import type { StoryExpectation } from './story-latch.js'

/**
 * Every story, in both themes, reaches the state it is named for: the build only proves the
 * stories compile, this proves each still shows its view and texts (and passes axe) as the
 * machines and views change. Stories are found by file name, so a new one is checked too.
 */
type StoriesModule = Parameters<typeof composeStories>[0]
const modules = import.meta.glob<StoriesModule>('../**/*.stories.tsx', { eager: true })

/** What this test uses of a composed story. */
interface RunnableStory {
  run(context: { globals: { theme: string } }): Promise<void>
  parameters: { latch?: StoryExpectation }
}

const stories = Object.entries(modules).flatMap(([file, module]) =>
  Object.entries(composeStories(module, preview) as Record<string, RunnableStory>).map(
    ([name, story]) => ({
      id: `${file.replace(/^.*\/|\.stories\.tsx$/g, '')} › ${name}`,
      story,
    }),
  ),
)

// jsdom has no layout: give the wallet list's scroll container a height, as AllWallets' tests do.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.hasAttribute('data-virtual-scroller') ? 400 : 0
  })
})
afterEach(() => vi.restoreAllMocks())

/** The text of the page, shadow roots included (the modal and the ConnectButton live in them). */
function deepText(node: Node): string {
  const own = node instanceof Element && node.shadowRoot ? deepText(node.shadowRoot) : ''
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
  return own + Array.from(node.childNodes, deepText).join(' ')
}

// Generous: the suite shares two cores with the other packages' builds and tests.
const WAIT = { timeout: 5_000 }

const modalRoot = () =>
  document.querySelector('latch-modal')?.shadowRoot?.querySelector<HTMLElement>('.latch-root')

describe.each(['light', 'dark'] as const)('stories (%s)', (theme) => {
  it.each(stories)('$id', async ({ story }) => {
    const expected = story.parameters.latch ?? {}
    await story.run({ globals: { theme } })

    await waitFor(() => {
      const text = deepText(document.body).replace(/\s+/g, ' ')
      for (const shown of expected.shows ?? []) expect(text).toContain(shown)
    }, WAIT)
    const root = modalRoot()
    expect(root?.dataset.theme).toBe(theme)
    const dialog = root?.querySelector('dialog')
    if (expected.view === null) {
      expect(dialog?.open).toBe(false)
      return
    }
    expect(dialog?.open).toBe(true)
    expect(root?.querySelector('.latch-title')?.textContent).toBe(
      enMessages[`view.${expected.view}.title` as MessageKey],
    )
    // jsdom paints nothing: axe's contrast rule can only ask for a canvas there, and every other
    // rule reads the same DOM in both themes, so one theme is enough.
    if (theme === 'light') {
      const results = await axe.run(root!, { rules: { 'color-contrast': { enabled: false } } })
      expect(results.violations.map((v) => v.id)).toEqual([])
    }
  })
})
