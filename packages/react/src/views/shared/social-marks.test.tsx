import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SocialMark } from './SocialButtonFrame.js'
import { SOCIAL_MARKS } from './social-marks.data.js'

// The package's root: vitest runs each package's tests from there (jsdom's import.meta.url is no file URL).
const script = resolve(process.cwd(), 'scripts/write-social-marks.mjs')

describe('the social providers’ marks (issue 37)', () => {
  // Fails on a hand edit, or on an upgrade of simple-icons whose marks changed (then
  // `pnpm --filter @latch/react marks` rewrites them, and the diff is reviewed).
  it('match simple-icons, as scripts/write-social-marks.mjs writes them', async () => {
    const run = promisify(execFile)(process.execPath, [script, '--check'])
    await expect(run).resolves.toMatchObject({ stderr: '' })
  }, 30_000)

  it('Google is its four-colour G; X, GitHub and Apple follow the text colour; the rest their brand’s', () => {
    expect(SOCIAL_MARKS.google.paths.map((path) => path.fill)).toEqual([
      '#EA4335',
      '#4285F4',
      '#FBBC05',
      '#34A853',
    ])
    for (const provider of ['x', 'github', 'apple'] as const)
      expect(SOCIAL_MARKS[provider].paths[0]?.fill).toBe('currentColor')
    expect(SOCIAL_MARKS.discord.paths[0]?.fill).toBe('#5865F2')
    expect(SOCIAL_MARKS.farcaster.paths[0]?.fill).toBe('#855DCD')
  })

  it('draws a mark hidden from assistive technology, never focusable', () => {
    const { container } = render(<SocialMark provider="github" />)
    const svg = container.querySelector('svg')
    expect(svg?.getAttribute('aria-hidden')).toBe('true')
    expect(svg?.getAttribute('focusable')).toBe('false')
    expect(svg?.querySelector('path')?.getAttribute('d')).toBe(SOCIAL_MARKS.github.paths[0]?.d)
  })
})
