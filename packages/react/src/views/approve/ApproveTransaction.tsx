import { selectApproval } from '@latch/core'
import { Spinner } from '../../components/ui/Spinner.js'
import { useChildSelector } from '../../hooks/useChildSelector.js'
import { useLatch, useT } from '../../hooks/useLatch.js'
import { useSelector } from '../../hooks/useSelector.js'
import type { ViewProps } from '../view-props.js'

/**
 * SPEC §2: an unsafe RPC request of the embedded wallet waits for approval. The approval itself
 * is the secure frame's own UI, which core shows above this view (so no script on the host page
 * can approve for the visitor); this view says what is asked, and core leaves it when the frame
 * says the request is settled.
 */
export function ApproveTransaction(_: ViewProps<'ApproveTransaction'>) {
  const t = useT()
  // Core's approvals watcher follows the frame; the view reads what it says is waiting.
  const approvals = useSelector(useLatch().actor, (s) => s.context.services.approvals)
  const approval = useChildSelector(approvals, selectApproval)
  return (
    <div className="latch-center" data-latch-approval={approval?.id}>
      <p style={{ margin: 0 }}>{t('view.ApproveTransaction.description')}</p>
      {approval ? (
        <p className="latch-muted" style={{ margin: 0 }}>
          {t('view.ApproveTransaction.method', { method: approval.method })}
        </p>
      ) : null}
      <span role="status">
        <Spinner label={t('view.ApproveTransaction.waiting')} />
      </span>
    </div>
  )
}
