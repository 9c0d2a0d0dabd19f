import { BrainCircuit, CheckCircle2, Link2 } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

const steps = [
  { icon: Link2, title: "Paste a URL", text: "Link to a video with captions or a blog article." },
  {
    icon: BrainCircuit,
    title: "AI analyzes it",
    text: "It reads the content and draws out a summary and key insights.",
  },
  {
    icon: CheckCircle2,
    title: "Review and save",
    text: "Review what it found; the insights are saved to your library.",
  },
];

export function HowItWorks() {
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle className="text-lg">How it works</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="space-y-4">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
                {index + 1}
              </span>
              <div>
                <p className="font-medium">{step.title}</p>
                <p className="text-sm text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
