import type { Metadata } from "next";
import { playModelInfo } from "@/lib/play/model";
import { getDictionary } from "../_i18n/get-lang";
import { PlayChat } from "./play-chat";
import "./play.css";

export async function generateMetadata(): Promise<Metadata> {
  const { d } = await getDictionary();
  return { title: d.play.title };
}

export default async function PlayPage() {
  const { lang, d } = await getDictionary();
  const t = d.play;
  const model = playModelInfo();
  return (
    <div className="page play-page">
      <p className="eyebrow">{t.eyebrow}</p>
      <h1>{t.heading}</h1>
      <p className="lead">{t.lead}</p>
      <div className="notice play-notice">
        <p>{t.sandbox}</p>
        <p>{model.kind === "scripted" ? t.model.scripted : t.model.gateway(model.id)}</p>
      </div>
      <PlayChat lang={lang} />
    </div>
  );
}
