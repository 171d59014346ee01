import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderLatch } from '../test/render-latch.js'

describe('ToastRegion', () => {
  it("shows a coded toast's translation with its placeholder values filled in", async () => {
    const kit = await renderLatch({
      open: true,
      messages: { 'error.HTTP_STATUS': 'Antwort des Servers: {status}' },
    })
    act(() =>
      kit.latch.toast.send({
        type: 'SHOW',
        toast: {
          message: 'HTTP status code: 503',
          code: 'HTTP_STATUS',
          values: { status: 503 },
          variant: 'error',
        },
      }),
    )
    await waitFor(() =>
      expect(kit.modalRoot().querySelector('.latch-toast')?.textContent).toBe(
        'Antwort des Servers: 503',
      ),
    )
  })
})
