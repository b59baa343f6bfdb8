import { Link } from 'react-router';
import { mediaUrl } from '../../../lib/media-url';
import type { RestauranteResumen } from '../api/account-api';

/** A grid of restaurant cards (logo and name), each opening /restaurante/{id}. */
export function RestaurantList({ items }: { items: RestauranteResumen[] }) {
  return (
    <ul className="acct-restaurants">
      {items.map((r) => {
        const logo = mediaUrl(r.logo);
        return (
          <li key={r.id}>
            <Link className="acct-restaurant" to={`/restaurante/${r.id}`}>
              {logo ? (
                <img
                  className="acct-restaurant__logo"
                  src={logo}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  decoding="async"
                  onError={(e) => {
                    e.currentTarget.style.visibility = 'hidden';
                  }}
                />
              ) : (
                <span className="acct-restaurant__logo" aria-hidden="true" />
              )}
              <span className="acct-restaurant__name">{r.nombre || `#${r.id}`}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
