// After a decision (part 2 §8): the toast 'Done!' and back to the list it came from.
//
// It follows the decision's promise (mutateAsync), not a mutate() callback: the decision's mutation
// refreshes the profile before it settles, and the profile at its new level no longer shows the form
// that decided, so the form can be gone by then, and a mutate() callback goes with it (the decision
// saved, no toast, no way back). A refused decision has shown its error already (lib/api).
import { MESSAGES } from '@qist/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '@/lib/notify';

export function useDecisionDone(listHref: string): (decision: Promise<unknown>) => void {
  const navigate = useNavigate();
  return useCallback(
    (decision: Promise<unknown>) => {
      decision.then(
        () => {
          notify.success(MESSAGES.decisionDone);
          void navigate(listHref);
        },
        () => {},
      );
    },
    [listHref, navigate],
  );
}
