import { useSearchParams } from 'react-router';

/**
 * The comments drawer lives in the URL (docs/product/community.md §2.8,
 * §2.10): `?comments=N` opens it on event N − 1. Returns that event index
 * (null when closed) and the setter that opens or closes the drawer.
 */
export function useDrawerParam(): [number | null, (index: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const n = Number(params.get('comments'));
  const index = Number.isInteger(n) && n >= 1 ? n - 1 : null;
  const set = (i: number | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (i === null) next.delete('comments');
        else next.set('comments', String(i + 1));
        return next;
      },
      { replace: true },
    );
  return [index, set];
}
