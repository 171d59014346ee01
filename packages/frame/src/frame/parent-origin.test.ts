import { describe, expect, expectTypeOf, it } from 'vitest'
import type {
  MessageListenerTarget,
  PostMessageTarget,
  FrameMessageEvent,
} from '../protocol/windows.js'
import { isAllowedParent, readParentOrigin, type FrameWindow } from './parent-origin.js'

function frameWindow(setup: {
  ancestors?: string[]
  search?: string
  referrer?: string
}): FrameWindow {
  return {
    parent: { postMessage: () => undefined },
    location: { search: setup.search ?? '', ancestorOrigins: setup.ancestors },
    document: { referrer: setup.referrer ?? '' },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }
}

const told = (origin: string) => `?parentOrigin=${encodeURIComponent(origin)}`

describe('readParentOrigin', () => {
  it.each([
    ['the browser', { ancestors: ['https://host.example'] }],
    ['the query', { search: told('https://host.example') }],
    ['the referrer', { referrer: 'https://host.example/some/page?x=1' }],
    [
      'all three, agreeing',
      {
        ancestors: ['https://host.example'],
        search: told('https://host.example'),
        referrer: 'https://host.example/',
      },
    ],
  ])('learns it from %s', (_from, setup) => {
    expect(readParentOrigin(frameWindow(setup))).toBe('https://host.example')
  })

  it.each([
    [
      'the browser and the query disagree',
      { ancestors: ['https://host.example'], search: told('https://bank.example') },
    ],
    [
      'the query and the referrer disagree',
      { search: told('https://bank.example'), referrer: 'https://host.example/' },
    ],
    ['nothing tells', {}],
    ['the query is no origin', { search: told('https://host.example/path') }],
    ['the query is opaque', { search: told('null') }],
  ])('has no answer when %s', (_why, setup) => {
    expect(readParentOrigin(frameWindow(setup))).toBeUndefined()
  })
})

describe('isAllowedParent', () => {
  it('matches exact origins only, or asks the predicate', () => {
    expect(isAllowedParent('https://host.example', ['https://host.example'])).toBe(true)
    expect(isAllowedParent('https://host.example:8443', ['https://host.example'])).toBe(false)
    expect(isAllowedParent('http://host.example', ['https://host.example'])).toBe(false)
    expect(isAllowedParent('https://a.pages.dev', (origin) => origin.endsWith('.pages.dev'))).toBe(
      true,
    )
  })
})

describe('the structural window types', () => {
  it('are satisfied by the real DOM types', () => {
    expectTypeOf<Window>().toExtend<FrameWindow>()
    expectTypeOf<Window>().toExtend<MessageListenerTarget>()
    expectTypeOf<WindowProxy>().toExtend<PostMessageTarget>()
    expectTypeOf<MessageEvent>().toExtend<FrameMessageEvent>()
  })
})
