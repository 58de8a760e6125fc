import type { Metadata } from "next";
import Link from "next/link";
import { getDictionary } from "./_i18n/get-lang";

export async function generateMetadata(): Promise<Metadata> {
  const { d } = await getDictionary();
  return { title: d.notFound.title };
}

export default async function NotFound() {
  const { d } = await getDictionary();
  return (
    <div className="page narrow">
      <h1>{d.notFound.title}</h1>
      <p>{d.notFound.body}</p>
      <p>{d.notFound.next}</p>
      <p>
        <Link className="button button-primary" href="/" prefetch={false}>
          {d.notFound.home}
        </Link>
      </p>
    </div>
  );
}
