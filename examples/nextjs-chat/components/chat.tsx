"use client";

import { useChat } from "@ai-sdk/react";
import { useState } from "react";
import type { ChatMessage } from "../lib/chat-message";
import { MessageParts } from "./message-parts";

/** The chat: useChat posts to /api/chat, and the session cookie goes along with it. */
export function Chat() {
  const { messages, sendMessage, status, error, stop } = useChat<ChatMessage>();
  const [input, setInput] = useState("");
  const busy = status === "submitted" || status === "streaming";

  return (
    <section className="chat" data-status={status}>
      {messages.length === 0 && (
        <p className="hint">
          Ask a question about the docs, e.g. “How do I rotate a service account key?” Answers come
          only from pages you may read.
        </p>
      )}
      <ol className="messages">
        {messages.map((message) => (
          <li key={message.id} className={`message ${message.role}`}>
            <MessageParts message={message} />
          </li>
        ))}
      </ol>
      {status === "submitted" && <p className="pending">Thinking…</p>}
      {error && (
        <p role="alert" className="error">
          {error.message}
        </p>
      )}
      <form
        className="ask"
        onSubmit={(event) => {
          event.preventDefault();
          const text = input.trim();
          if (text === "" || busy) return;
          void sendMessage({ text });
          setInput("");
        }}
      >
        <input
          aria-label="Your question"
          placeholder="Ask the docs…"
          value={input}
          onChange={(event) => setInput(event.currentTarget.value)}
        />
        {busy ? (
          <button type="button" onClick={() => void stop()}>
            Stop
          </button>
        ) : (
          <button type="submit">Ask</button>
        )}
      </form>
    </section>
  );
}
