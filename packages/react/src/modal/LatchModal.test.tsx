import { route } from '@latch/core'
import { act } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { enMessages as m } from '../i18n/en.js'
import { renderLatch } from '../test/render-latch.js'

describe('LatchModal title', () => {
  it('titles each view from the catalogue, and a view this build lacks as unavailable, never by a raw key', async () => {
    const kit = await renderLatch({ open: true })
    expect(await kit.modal().findByRole('dialog', { name: m['view.Connect.title'] })).toBeTruthy()

    act(() => kit.latch.close())
    kit.open({ route: route('ApproveTransaction') })
    expect(kit.view()).toBe('ApproveTransaction')
    const dialog = await kit.modal().findByRole('dialog', { name: m['view.unavailableTitle'] })
    expect(dialog.textContent).toContain(m['view.unavailable'])
    expect(dialog.textContent).not.toContain('view.ApproveTransaction.title')
  })
})
