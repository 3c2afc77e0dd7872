// The filter form's boxes are the browser's own state (a GET form works without script). After the shopper's own
// change they already show it, and keeping the form keeps the focus on the box just ticked; after Back or Forward
// they must show the URL's view instead, so the form is made afresh under a new key.
import { useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

export function useFiltersKey(): string {
  const location = useLocation();
  const type = useNavigationType();
  // A count, not the location's key: Back can return to the very location the form was first made for.
  const [pops, setPops] = useState(0);
  const [seen, setSeen] = useState(location.key);
  if (location.key !== seen) {
    setSeen(location.key);
    if (type === 'POP') setPops(pops + 1);
  }
  return `filters-${pops}`;
}
