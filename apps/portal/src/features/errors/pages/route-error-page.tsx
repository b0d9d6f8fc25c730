import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Error500Page } from './error-500-page';

/** A render or loader failure anywhere below the root shows the 500 page instead of a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <Error500Page />;
}
