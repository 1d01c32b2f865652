// After a decision (part 2 §8): the toast 'Done!' and back to the list it came from.
import { MESSAGES } from '@qist/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '@/lib/notify';

export function useDecisionDone(listHref: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    notify.success(MESSAGES.decisionDone);
    void navigate(listHref);
  }, [listHref, navigate]);
}
