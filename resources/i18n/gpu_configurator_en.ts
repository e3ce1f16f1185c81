<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>CardPicker</name>
    <message numerus="yes">
        <source>%n card(s): {names}</source>
        <translation>
            <numerusform>%n card: {names}</numerusform>
            <numerusform>%n cards: {names}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComparisonDialog</name>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConstraintsPage</name>
    <message numerus="yes">
        <source> card(s)</source>
        <translation>
            <numerusform> card</numerusform>
            <numerusform> cards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GraphicsQuestions</name>
    <message numerus="yes">
        <source> user(s)</source>
        <translation>
            <numerusform> user</numerusform>
            <numerusform> users</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> monitor(s)</source>
        <translation>
            <numerusform> monitor</numerusform>
            <numerusform> monitors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> stream(s)</source>
        <translation>
            <numerusform> stream</numerusform>
            <numerusform> streams</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> frame(s)</source>
        <translation>
            <numerusform> frame</numerusform>
            <numerusform> frames</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LoadPage</name>
    <message numerus="yes">
        <source> user(s) at once</source>
        <translation>
            <numerusform> user at once</numerusform>
            <numerusform> users at once</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> token(s)</source>
        <translation>
            <numerusform> token</numerusform>
            <numerusform> tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RecommendationPanel</name>
    <message numerus="yes">
        <source>%n card(s) left out.</source>
        <translation>
            <numerusform>%n card left out.</numerusform>
            <numerusform>%n cards left out.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s) listed below, each with what it breaks or lacks.</source>
        <translation>
            <numerusform>%n card listed below, with what it breaks or lacks.</numerusform>
            <numerusform>%n cards listed below, each with what it breaks or lacks.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other card(s) left out (filtered out, not deliverable, or further from your constraints).</source>
        <translation>
            <numerusform>%n other card left out (filtered out, not deliverable, or further from your constraints).</numerusform>
            <numerusform>%n other cards left out (filtered out, not deliverable, or further from your constraints).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SummaryPage</name>
    <message numerus="yes">
        <source>%n server(s)</source>
        <translation>
            <numerusform>%n server</numerusform>
            <numerusform>%n servers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n deskside workstation(s)</source>
        <translation>
            <numerusform>%n deskside workstation</numerusform>
            <numerusform>%n deskside workstations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n spare server(s)</source>
        <translation>
            <numerusform>%n spare server</numerusform>
            <numerusform>%n spare servers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <comment>before a card&apos;s name that counts chips</comment>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <comment>before a card&apos;s name</comment>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n card(s)</source>
        <translation>
            <numerusform>%n card</numerusform>
            <numerusform>%n cards</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WhatFitsDialog</name>
    <message numerus="yes">
        <source> card(s)</source>
        <translation>
            <numerusform> card</numerusform>
            <numerusform> cards</numerusform>
        </translation>
    </message>
</context>
</TS>
