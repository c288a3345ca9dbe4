import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

const isSheetEntry = (state: unknown) => Boolean((state as { sheet?: boolean } | null)?.sheet);

/**
 * A sheet over a page is a history entry of its own, so a phone's Back closes it instead of
 * leaving the page: opening pushes an entry of the same address, marked in its state; Back pops it
 * and the sheet closes. Answers the close for the sheet's own button and mask, which pops that
 * entry too. The address stays the same, so the page neither scrolls nor loads again.
 */
export function useBackCloses(open: boolean, close: () => void): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const marked = isSheetEntry(location.state);
  const wasMarked = useRef(marked);

  useEffect(() => {
    if (open && !marked) {
      const state = { ...((location.state as object | null) ?? {}), sheet: true };
      void navigate({ search: location.search }, { state });
    }
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps -- once per opening

  useEffect(() => {
    if (wasMarked.current && !marked && open) close();
    wasMarked.current = marked;
  }, [marked]); // eslint-disable-line react-hooks/exhaustive-deps -- when Back took the entry away

  return () => {
    if (marked) navigate(-1);
    else close();
  };
}
