"""Videos on a slide, in the structure PowerPoint itself writes.

A local video is a ``p:pic`` whose ``p:nvPr`` holds ``a:videoFile r:link`` (the "video"
relationship) and, in the ``{DAA4B4D4-6D71-4841-9C94-3DE7FCFB9230}`` extension,
``p14:media r:embed`` (the "media" relationship), both to one media part; its ``a:blip`` is the
poster frame. An online video links ``a:videoFile`` to an external "video" relationship to the
site's player address (``https://www.youtube.com/embed/ID``) and carries the player as
``p15:webVideoPr`` (in ``{C809E66F-F1BF-436E-B5F7-EEA9579F0CBA}``); it has no ``p14:media``,
which describes media stored in (or linked as a file from) the package. The slide timing gets what PowerPoint adds for a video: a media
node (``p:video``) and a click-to-play/pause sequence on the picture.
"""

from __future__ import annotations

import io
import re
from urllib.parse import parse_qs, urlsplit

from lxml import etree

from deckkit.ooxml.namespaces import NSMAP, P14, P15, P, qn

__all__ = ["embed_url", "make_video_picture", "neutral_poster"]

_MEDIA_EXT_URI = "{DAA4B4D4-6D71-4841-9C94-3DE7FCFB9230}"
_WEB_VIDEO_EXT_URI = "{C809E66F-F1BF-436E-B5F7-EEA9579F0CBA}"

_YOUTUBE_ID = re.compile(r"^[A-Za-z0-9_-]{11}$")
_YOUTUBE_PATHS = ("embed", "shorts", "live", "v", "e")


def _seconds(value: str) -> int | None:
    """YouTube start times: ``90``, ``90s``, ``1m30s``, ``1h2m3s``."""
    match = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?", value)
    if not value or match is None:
        return None
    hours, minutes, seconds = (int(g) if g else 0 for g in match.groups())
    return hours * 3600 + minutes * 60 + seconds


def _youtube(host: str, path: list[str], query: dict[str, list[str]]) -> str | None:
    video_id = None
    if host == "youtu.be":
        video_id = path[0] if path else None
    elif path[:1] == ["watch"]:
        video_id = next(iter(query.get("v", [])), None)
    elif len(path) >= 2 and path[0] in _YOUTUBE_PATHS:
        video_id = path[1]
    if video_id is None or not _YOUTUBE_ID.match(video_id):
        return None
    embed = f"https://www.youtube.com/embed/{video_id}?feature=oembed"
    start = _seconds((query.get("t") or query.get("start") or [""])[0])
    return embed + f"&start={start}" if start else embed


def _vimeo(host: str, path: list[str], query: dict[str, list[str]]) -> str | None:
    numbers = [i for i, part in enumerate(path) if part.isdigit()]
    if not numbers:
        return None
    at = numbers[0]
    if host == "player.vimeo.com" and path[:1] != ["video"]:
        return None
    embed = f"https://player.vimeo.com/video/{path[at]}"
    # Unlisted videos carry a hash: vimeo.com/123/abcdef or ?h=abcdef on the player.
    secret = next(iter(query.get("h", [])), None)
    if (
        secret is None
        and host != "player.vimeo.com"
        and len(path) > at + 1
        and re.fullmatch(r"[0-9a-f]{6,}", path[at + 1])
    ):
        secret = path[at + 1]
    return embed + f"?h={secret}" if secret else embed


def embed_url(src: str) -> str | None:
    """The player address PowerPoint links for a YouTube or Vimeo page URL, None if not one video."""
    parts = urlsplit(src)
    host = (parts.hostname or "").lower()
    path = [p for p in parts.path.split("/") if p]
    query = parse_qs(parts.query)
    if host.endswith(("youtube.com", "youtube-nocookie.com")) or host == "youtu.be":
        return _youtube(host, path, query)
    if host.endswith("vimeo.com"):
        return _vimeo(host, path, query)
    return None


def neutral_poster(cx: int, cy: int) -> bytes:
    """A PNG poster at the aspect ratio cx:cy: dark grey, a light disc with a play triangle."""
    # Pillow loads for a video without a thumbnail only (a render of PNG pictures never needs it).
    from PIL import Image, ImageDraw

    long_side = 1280
    ratio = cx / cy if cx > 0 and cy > 0 else 16 / 9
    ratio = min(max(ratio, 1 / 16), 16.0)
    width, height = (
        (long_side, round(long_side / ratio)) if ratio >= 1 else (round(long_side * ratio), long_side)
    )
    width, height = max(width, 16), max(height, 16)
    scale = 4  # drawn large and reduced: smooth edges without an antialiasing library
    canvas = Image.new("RGB", (width * scale, height * scale), (0x3A, 0x3A, 0x3A))
    draw = ImageDraw.Draw(canvas)
    cx_px, cy_px = width * scale / 2, height * scale / 2
    radius = min(width, height) * scale * 0.14
    draw.ellipse((cx_px - radius, cy_px - radius, cx_px + radius, cy_px + radius), fill=(0xE8, 0xE8, 0xE8))
    side = radius * 0.95
    draw.polygon(
        [
            (cx_px - side * 0.4, cy_px - side * 0.55),
            (cx_px - side * 0.4, cy_px + side * 0.55),
            (cx_px + side * 0.6, cy_px),
        ],
        fill=(0x3A, 0x3A, 0x3A),
    )
    poster = canvas.resize((width, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    poster.save(out, "PNG", optimize=True)
    return out.getvalue()


def make_video_picture(pic: etree._Element, video_rid: str, media_rid: str | None, embed: str | None) -> None:
    """Turn a poster ``p:pic`` into a video: media links, play action, online player markup.

    ``media_rid`` is the embedded media relationship (local video); ``embed`` the player
    address of an online video, whose external relationship is ``video_rid``.
    """
    c_nv_pr = pic.find("p:nvPicPr/p:cNvPr", NSMAP)
    nv_pr = pic.find("p:nvPicPr/p:nvPr", NSMAP)
    assert c_nv_pr is not None
    assert nv_pr is not None
    for link in c_nv_pr.findall("a:hlinkClick", NSMAP):  # a click on a video plays it
        c_nv_pr.remove(link)
    click = etree.Element(qn("a:hlinkClick"), {qn("r:id"): "", "action": "ppaction://media"})
    c_nv_pr.insert(0, click)
    etree.SubElement(nv_pr, qn("a:videoFile"), {qn("r:link"): video_rid})
    ext_lst = etree.SubElement(nv_pr, qn("p:extLst"))
    if media_rid is not None:
        media_ext = etree.SubElement(ext_lst, qn("p:ext"), uri=_MEDIA_EXT_URI)
        etree.SubElement(media_ext, qn("p14:media"), {qn("r:embed"): media_rid}, nsmap={"p14": P14})
    if embed is not None:
        from html import escape  # only for a web video's player: html.entities is large

        frame = pic.find("p:spPr/a:xfrm/a:ext", NSMAP)
        width = 560
        height = 315
        if frame is not None and int(frame.get("cx", "0")) > 0:
            height = max(1, round(width * int(frame.get("cy", "0")) / int(frame.get("cx", "1"))))
        player = (
            f'<iframe width="{width}" height="{height}" src="{escape(embed)}" frameborder="0" '
            'allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture" '
            "allowfullscreen></iframe>"
        )
        web_ext = etree.SubElement(ext_lst, qn("p:ext"), uri=_WEB_VIDEO_EXT_URI)
        etree.SubElement(
            web_ext,
            qn("p15:webVideoPr"),
            {"embeddedHtml": player, "w": str(width), "h": str(height)},
            nsmap={"p15": P15},
        )
    _add_video_timing(pic.getroottree().getroot(), c_nv_pr.get("id", "0"))


_TIMING_ROOT = (
    f'<p:timing xmlns:p="{P}"><p:tnLst><p:par>'
    '<p:cTn id="1" dur="indefinite" restart="never" nodeType="tmRoot"><p:childTnLst/></p:cTn>'
    "</p:par></p:tnLst></p:timing>"
)

# What PowerPoint writes so that a click on the video toggles play/pause, and its media node.
_VIDEO_TIMING = (
    f'<p:childTnLst xmlns:p="{P}">'
    '<p:seq concurrent="1" nextAc="seek">'
    '<p:cTn id="{0}" restart="whenNotActive" fill="hold" evtFilter="cancelBubble" nodeType="interactiveSeq">'
    '<p:stCondLst><p:cond evt="onClick" delay="0"><p:tgtEl><p:spTgt spid="{spid}"/></p:tgtEl></p:cond></p:stCondLst>'
    '<p:endSync evt="end" delay="0"><p:rtn val="all"/></p:endSync>'
    '<p:childTnLst><p:par><p:cTn id="{1}" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst>'
    '<p:childTnLst><p:par><p:cTn id="{2}" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst>'
    '<p:childTnLst><p:par><p:cTn id="{3}" presetID="2" presetClass="mediacall" presetSubtype="0" fill="hold" nodeType="clickEffect">'
    '<p:stCondLst><p:cond delay="0"/></p:stCondLst>'
    '<p:childTnLst><p:cmd type="call" cmd="togglePause"><p:cBhvr><p:cTn id="{4}" dur="1" fill="hold"/>'
    '<p:tgtEl><p:spTgt spid="{spid}"/></p:tgtEl></p:cBhvr></p:cmd></p:childTnLst>'
    "</p:cTn></p:par></p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn>"
    '<p:nextCondLst><p:cond evt="onClick" delay="0"><p:tgtEl><p:spTgt spid="{spid}"/></p:tgtEl></p:cond></p:nextCondLst>'
    "</p:seq>"
    '<p:video><p:cMediaNode vol="80000"><p:cTn id="{5}" fill="hold" display="0">'
    '<p:stCondLst><p:cond delay="indefinite"/></p:stCondLst></p:cTn>'
    '<p:tgtEl><p:spTgt spid="{spid}"/></p:tgtEl></p:cMediaNode></p:video>'
    "</p:childTnLst>"
)


def _root_child_list(slide: etree._Element) -> etree._Element:
    timing = slide.find("p:timing", NSMAP)
    if timing is None:
        timing = etree.fromstring(_TIMING_ROOT)
        # p:sld is (cSld, clrMapOvr?, transition?, timing?, extLst?)
        ext_lst = slide.find("p:extLst", NSMAP)
        if ext_lst is not None:
            ext_lst.addprevious(timing)
        else:
            slide.append(timing)
    root_ctn = timing.find("p:tnLst/p:par/p:cTn", NSMAP)
    if root_ctn is None:
        tn_lst = timing.find("p:tnLst", NSMAP)
        fresh = etree.fromstring(_TIMING_ROOT).find("p:tnLst", NSMAP)
        assert fresh is not None
        if tn_lst is not None:
            timing.replace(tn_lst, fresh)
        else:
            timing.insert(0, fresh)
        root_ctn = fresh.find("p:par/p:cTn", NSMAP)
        assert root_ctn is not None
    children = root_ctn.find("p:childTnLst", NSMAP)
    if children is None:
        children = etree.Element(qn("p:childTnLst"))
        sub = root_ctn.find("p:subTnLst", NSMAP)
        if sub is not None:
            sub.addprevious(children)
        else:
            root_ctn.append(children)
    return children


def _add_video_timing(slide: etree._Element, spid: str) -> None:
    if slide.tag != qn("p:sld"):
        return
    children = _root_child_list(slide)
    used = [
        int(n.get("id", "")) for n in slide.iterfind("p:timing//p:cTn", NSMAP) if n.get("id", "").isdigit()
    ]
    first = max(used, default=1) + 1
    ids = [str(first + i) for i in range(6)]
    nodes = etree.fromstring(_VIDEO_TIMING.replace("{spid}", spid).format(*ids))
    for node in list(nodes):
        children.append(node)
