import Link from "next/link";
import { getDictionary } from "@/app/_i18n/get-lang";

/** A session id that cannot exist, or a session with no entries: the 404 says which cases those are. */
export default async function UnknownSession() {
  const { d } = await getDictionary();
  const t = d.dashboard.unknown;
  return (
    <div className="page narrow audit-page">
      <h1>{t.title}</h1>
      <p>{t.body}</p>
      <p>{t.next}</p>
      <p>
        <Link className="button button-primary" href="/verify" prefetch={false}>
          {t.verify}
        </Link>
      </p>
    </div>
  );
}
