import type { Metadata } from "next";
import { getDictionary } from "@/app/_i18n/get-lang";
import { pick } from "@/lib/i18n/pick";
import { fill } from "@/lib/i18n/template";
import { playModelInfo } from "@/lib/play/model";
import { PlayChat } from "./play-chat";
import "./play.css";
import { GlossaryLinks } from "@/app/_components/layout/glossary-link";

export async function generateMetadata(): Promise<Metadata> {
  const { d } = await getDictionary();
  return { title: d.play.title };
}

export default async function PlayPage() {
  const { d, lang } = await getDictionary();
  const t = d.play;
  const model = playModelInfo();
  return (
    <div className="page play-page">
      <p className="eyebrow">{t.eyebrow}</p>
      <h1>{t.heading}</h1>
      <p className="lead">{t.lead}</p>
      <PlayChat words={pick(t, ["examples", "chat", "form", "tool", "session", "errors"])} lang={lang} />
      <GlossaryLinks terms={["hmac", "sandbox"]} words={d.glossary} />
      <div className="page-note play-notice">
        <p>{t.sandbox}</p>
        <p data-testid="play-model" data-source={model.source}>
          {model.source === "scripted"
            ? t.model.scripted
            : fill(model.source === "gateway" ? t.model.gateway : t.model.openaiCompatible, { id: model.model })}
        </p>
      </div>
    </div>
  );
}
